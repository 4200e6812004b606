import type { ReportCrossing } from '../../shared/roads/report';

/**
 * What the Roads tab says after a crossing's Ford/Bridge select: the bridge's deck, or whether the
 * drive's car can wade the ford; which kind stands until one is chosen; a bridge where the ford is
 * too deep. Each clause its own, so the fording depth and the default are not read as one.
 */
export function crossingVerdict(
  crossing: Pick<ReportCrossing, 'kind' | 'span' | 'maxDepth' | 'chosen' | 'suggested'>,
  car: string,
  fordingDepth: number,
): string {
  const parts: string[] = [];
  if (crossing.kind === 'bridge') parts.push(`bridge, ${Math.round(crossing.span ?? 0)} m deck`);
  else if (crossing.maxDepth > fordingDepth) parts.push(`too deep for the ${car}, which fords ${fordingDepth} m`);
  else parts.push(`fordable by the ${car}, which fords ${fordingDepth} m`);
  if (!crossing.chosen) parts.push(`${crossing.kind} by default`);
  if (crossing.kind === 'ford' && crossing.suggested === 'bridge') parts.push('bridge suggested');
  return parts.join(' · ');
}
