/**
 * The CLI's up-front refusal of a plain file export (heightmap, normal map, mesh; whole or in tiles)
 * that cannot fit in the memory available: shared/export/exportMemory.ts's estimate, as for engine
 * exports (exit 1, nothing created).
 */
import { formatOf } from '../../shared/codecs/formats';
import { describeFileExport, exportMemoryProblem, fileExportMemory, type FileExportShape } from '../../shared/export/exportMemory';
import { availableMemory } from '../services/memory';
import type { CliIo } from './io';

/** The export entry an output path writes ('png16', 'png8', 'r32', 'glb'…), or null (a project: not a file export). */
export function exportEntryFor(output: string, bits: 8 | 16): string | null {
  const format = formatOf(output);
  if (!format || format.variants.length === 0) return null;
  return (format.variants.find((v) => v.options.bits === bits) ?? format.variants[0]).id;
}

/** The refusal for `shape` on this machine, or null when it fits. */
export function fileExportRefusal(io: CliIo, shape: FileExportShape): string | null {
  return exportMemoryProblem(describeFileExport(shape), fileExportMemory(shape), (io.availableMemory ?? availableMemory)());
}
