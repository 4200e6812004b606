export interface CheckStep {
  name: string;
  command: string;
  after?: string[];
}
export const CHECK_STEPS: CheckStep[];
export function runSteps<S extends { name: string; after?: string[] }>(
  steps: readonly S[],
  jobs: number,
  run: (step: S) => boolean | Promise<boolean>,
): Promise<Map<string, boolean>>;
