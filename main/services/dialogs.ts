/**
 * Native dialogs as a plain interface: the Electron shell supplies real ones (main/electronDialogs.ts),
 * tests supply scripted answers. Paths chosen here never come from the renderer.
 */
export interface FileFilter {
  name: string;
  extensions: string[];
}

export interface OpenDialogOptions {
  title: string;
  filters: FileFilter[];
}

export interface SaveDialogOptions {
  title: string;
  /** File name suggested to the user (no folders). */
  defaultName: string;
  filters: FileFilter[];
}

export interface DirectoryDialogOptions {
  title: string;
}

export interface QuestionOptions {
  title: string;
  message: string;
  detail?: string;
  buttons: string[];
  defaultId?: number;
  cancelId?: number;
}

export interface DialogService {
  /** The path the user chose to open, or null when cancelled. */
  chooseFileToOpen(options: OpenDialogOptions): Promise<string | null>;
  /** The path the user chose to save to, or null when cancelled. */
  chooseFileToSave(options: SaveDialogOptions): Promise<string | null>;
  /** The folder the user chose (or created) to export into, or null when cancelled. */
  chooseDirectory(options: DirectoryDialogOptions): Promise<string | null>;
  /** Index of the button the user pressed. */
  ask(options: QuestionOptions): Promise<number>;
}

/** Dialogs that answer from queues filled by a test; an empty queue answers "cancel". */
export interface ScriptedDialogs extends DialogService {
  queueOpen(path: string | null): void;
  queueSave(path: string | null): void;
  queueDirectory(path: string | null): void;
  queueAnswer(buttonIndex: number): void;
  /** Every dialog shown so far, for assertions. */
  readonly shown: Array<{
    kind: 'open' | 'save' | 'directory' | 'ask';
    options: OpenDialogOptions | SaveDialogOptions | DirectoryDialogOptions | QuestionOptions;
  }>;
}

export function createScriptedDialogs(): ScriptedDialogs {
  const opens: Array<string | null> = [];
  const saves: Array<string | null> = [];
  const directories: Array<string | null> = [];
  const answers: number[] = [];
  const shown: ScriptedDialogs['shown'] = [];
  return {
    shown,
    queueOpen: (path) => void opens.push(path),
    queueSave: (path) => void saves.push(path),
    queueDirectory: (path) => void directories.push(path),
    queueAnswer: (index) => void answers.push(index),
    chooseFileToOpen: async (options) => {
      shown.push({ kind: 'open', options });
      return opens.shift() ?? null;
    },
    chooseFileToSave: async (options) => {
      shown.push({ kind: 'save', options });
      return saves.shift() ?? null;
    },
    chooseDirectory: async (options) => {
      shown.push({ kind: 'directory', options });
      return directories.shift() ?? null;
    },
    ask: async (options) => {
      shown.push({ kind: 'ask', options });
      return answers.shift() ?? options.cancelId ?? options.buttons.length - 1;
    },
  };
}
