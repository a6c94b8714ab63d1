import type { OpOutput, OpParsedInput } from '../shared/api/contract';

/**
 * The application menu, the menu → renderer command queue and the native
 * file dialogs' settings, as pure code (no 'electron' import, unit-tested).
 */

export type MenuCommandAnswer = OpOutput<'ui.nextMenuCommand'>['command'];
export type MenuCommand = Exclude<MenuCommandAnswer, 'none'>;

/**
 * Menu commands reach the renderer through the 'ui.nextMenuCommand' long
 * poll: the renderer always has one call waiting; a menu click resolves it.
 * A click while no call waits is kept (a few at most) for the next call.
 */
export class MenuCommandQueue {
  private readonly waiting: ((command: MenuCommandAnswer) => void)[] = [];
  private readonly queued: MenuCommand[] = [];

  constructor(private readonly maxQueued = 8) {}

  /** The long poll: resolves with the next menu command. */
  next(): Promise<MenuCommandAnswer> {
    const command = this.queued.shift();
    if (command) return Promise.resolve(command);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A menu click. The newest waiting call gets it (an older one can only belong to a page that has gone). */
  push(command: MenuCommand): void {
    const resolve = this.waiting.pop();
    if (resolve) {
      resolve(command);
      return;
    }
    if (this.queued[this.queued.length - 1] === command) return;
    this.queued.push(command);
    if (this.queued.length > this.maxQueued) this.queued.shift();
  }

  /**
   * The page is reloading or navigating: calls still waiting belong to the
   * old page; they are answered 'none' (the reply goes nowhere), and queued
   * clicks are dropped so a new page does not act on stale ones.
   */
  reset(): void {
    for (const resolve of this.waiting.splice(0)) resolve('none');
    this.queued.length = 0;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }
}

export type MenuRole =
  | 'appMenu' | 'editMenu' | 'windowMenu' | 'quit' | 'close'
  | 'reload' | 'forceReload' | 'toggleDevTools'
  | 'resetZoom' | 'zoomIn' | 'zoomOut' | 'togglefullscreen';

/** A subset of Electron's MenuItemConstructorOptions, so Menu.buildFromTemplate takes it as is. */
export interface MenuItemSpec {
  id?: string;
  label?: string;
  role?: MenuRole;
  type?: 'separator' | 'submenu' | 'normal';
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItemSpec[];
}

export interface MenuTemplateOptions {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  onCommand: (command: MenuCommand) => void;
  onAbout: () => void;
}

const separator: MenuItemSpec = { type: 'separator' };

/**
 * File: New / Open / Open demo / Import / Export / Quit — each file item is pushed to
 * the renderer, which runs the same action as its own buttons. Reload and
 * DevTools exist only in developer (unpackaged) runs.
 */
export function buildMenuTemplate(opts: MenuTemplateOptions): MenuItemSpec[] {
  const isMac = opts.platform === 'darwin';
  const command = (id: MenuCommand, label: string, accelerator?: string): MenuItemSpec => ({
    id: `file.${id}`, label, ...(accelerator ? { accelerator } : {}), click: () => opts.onCommand(id),
  });
  const file: MenuItemSpec = {
    label: 'File',
    submenu: [
      command('createTestSet', 'New Test Set…', 'CmdOrCtrl+N'),
      command('openTestSet', 'Open Test Set…', 'CmdOrCtrl+O'),
      command('openDemo', 'Open Demo'),
      separator,
      command('import', 'Import…', 'CmdOrCtrl+I'),
      command('export', 'Export…', 'CmdOrCtrl+E'),
      separator,
      isMac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
    ],
  };
  const view: MenuItemSpec = {
    label: 'View',
    submenu: [
      ...(opts.isPackaged ? [] : [{ role: 'reload' } as MenuItemSpec, { role: 'forceReload' } as MenuItemSpec, { role: 'toggleDevTools' } as MenuItemSpec, separator]),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  return [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemSpec] : []),
    file,
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
    { label: 'Help', submenu: [{ id: 'help.about', label: 'About Touchstone', click: opts.onAbout }] },
  ];
}

export type PickPurpose = OpParsedInput<'dialog.pickPath'>['purpose'];

export interface FileFilterSpec {
  name: string;
  extensions: string[];
}

export type DialogSpec =
  | { kind: 'open'; title: string; filters: FileFilterSpec[] }
  | { kind: 'save'; title: string; filters: FileFilterSpec[]; defaultName: string }
  /** A folder: an existing one to read from, or one to write into (which the dialog may create). */
  | { kind: 'folder'; title: string; properties: ('openDirectory' | 'createDirectory')[] };

export const TEST_SET_EXTENSIONS = ['sqlite', 'touchstone'];
export const IMPORT_EXTENSIONS = ['jsonl', 'csv', 'json'];

const testSetFilter: FileFilterSpec = { name: 'Touchstone test set', extensions: TEST_SET_EXTENSIONS };
const allFiles: FileFilterSpec = { name: 'All files', extensions: ['*'] };

/** The native dialog each `dialog.pickPath` purpose opens. */
export function dialogSpec(purpose: PickPurpose): DialogSpec {
  switch (purpose) {
    case 'openTestSet':
      return { kind: 'open', title: 'Open Test Set', filters: [testSetFilter, allFiles] };
    case 'createTestSet':
      return { kind: 'save', title: 'New Test Set', filters: [testSetFilter], defaultName: 'test-set.sqlite' };
    case 'importFile':
      return { kind: 'open', title: 'Import', filters: [{ name: 'Cases, responses, judge runs (JSONL, CSV, JSON)', extensions: IMPORT_EXTENSIONS }, allFiles] };
    case 'testSetFolder':
      return { kind: 'folder', title: 'Folder for New Test Sets', properties: ['openDirectory', 'createDirectory'] };
    case 'exportFolder':
      return { kind: 'folder', title: 'Export Label Pack To', properties: ['openDirectory', 'createDirectory'] };
    case 'importFolder':
      return { kind: 'folder', title: 'Import Label Pack', properties: ['openDirectory'] };
  }
}

/**
 * A save dialog on Linux does not add the extension: a new test set named
 * without one gets '.sqlite', so it shows up in the Open dialog's filter.
 */
export function withTestSetExtension(path: string): string {
  const lower = path.toLowerCase();
  return TEST_SET_EXTENSIONS.some((ext) => lower.endsWith(`.${ext}`)) ? path : `${path}.sqlite`;
}
