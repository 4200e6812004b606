import { HEIGHTMAP_READ_EXTENSIONS, isReadableHeightmap } from '../../shared/codecs/registry';
import type { Exchange } from '../exchange/exchange';
import { PROJECT_EXTENSION, type ProjectController } from '../project/projectController';

/** What a dropped file is, decided from its name: the one place that routes window drops. */
export type DropKind = 'project' | 'heightmap' | 'unknown';

/** A file dropped on the window, without DOM types. `token` exists where the shell can open it by path. */
export interface WindowDroppedFile {
  name: string;
  size: number;
  token?: () => Promise<string | null>;
  bytes(): Promise<Uint8Array>;
}

export function dropKindOf(fileName: string): DropKind {
  if (fileName.toLowerCase().endsWith(PROJECT_EXTENSION)) return 'project';
  if (isReadableHeightmap(fileName)) return 'heightmap';
  return 'unknown';
}

/** The message for a file Faultline does not open: what it is, and what can be dropped instead. */
export function unknownDropMessage(fileName: string): string {
  const heightmaps = HEIGHTMAP_READ_EXTENSIONS.map((e) => `.${e}`).join(', ');
  return `${fileName}: Faultline cannot open this kind of file. Drop a project (${PROJECT_EXTENSION}) or a heightmap (${heightmaps}).`;
}

/**
 * Sends a dropped file to exactly one handler: a project opens (asking about unsaved changes), a
 * heightmap opens the import dialog, anything else is reported once.
 */
export function createFileDrop(features: { project: ProjectController; exchange: Exchange }): (file: WindowDroppedFile) => Promise<void> {
  return async (file) => {
    switch (dropKindOf(file.name)) {
      case 'project':
        await features.project.openDropped(file);
        return;
      case 'heightmap':
        await features.exchange.importDroppedFile(file);
        return;
      case 'unknown':
        features.project.reportError(unknownDropMessage(file.name));
    }
  };
}
