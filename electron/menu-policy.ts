import type { OpOutput, OpParsedInput } from '../shared/api/contract';
import { nativeTexts, type NativeLocale } from './native-texts';

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
  | 'appMenu' | 'windowMenu' | 'quit' | 'close' | 'minimize' | 'zoom'
  | 'undo' | 'redo' | 'cut' | 'copy' | 'paste' | 'selectAll'
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
  /** The window's language: every label is worded in it (roles get their label too, so none falls back to English). */
  locale: NativeLocale;
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
  const words = nativeTexts(opts.locale).menu;
  const command = (id: MenuCommand, label: string, accelerator?: string): MenuItemSpec => ({
    id: `file.${id}`, label, ...(accelerator ? { accelerator } : {}), click: () => opts.onCommand(id),
  });
  const role = (name: MenuRole, label: string): MenuItemSpec => ({ role: name, label });
  const file: MenuItemSpec = {
    label: words.file,
    submenu: [
      command('createTestSet', words.newTestSet, 'CmdOrCtrl+N'),
      command('openTestSet', words.openTestSet, 'CmdOrCtrl+O'),
      command('openDemo', words.openDemo),
      separator,
      command('import', words.import, 'CmdOrCtrl+I'),
      command('export', words.export, 'CmdOrCtrl+E'),
      separator,
      isMac ? role('close', words.close) : role('quit', words.quit),
    ],
  };
  const edit: MenuItemSpec = {
    label: words.edit,
    submenu: [role('undo', words.undo), role('redo', words.redo), separator, role('cut', words.cut), role('copy', words.copy), role('paste', words.paste), role('selectAll', words.selectAll)],
  };
  const view: MenuItemSpec = {
    label: words.view,
    submenu: [
      ...(opts.isPackaged ? [] : [role('reload', words.reload), role('forceReload', words.forceReload), role('toggleDevTools', words.devTools), separator]),
      role('resetZoom', words.resetZoom),
      role('zoomIn', words.zoomIn),
      role('zoomOut', words.zoomOut),
      separator,
      role('togglefullscreen', words.fullScreen),
    ],
  };
  // the Window role keeps macOS's list of open windows; its items are worded here
  const windowMenu: MenuItemSpec = {
    role: 'windowMenu',
    label: words.window,
    submenu: [role('minimize', words.minimize), ...(isMac ? [role('zoom', words.zoom)] : []), role('close', words.close)],
  };
  return [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemSpec] : []),
    file,
    edit,
    view,
    windowMenu,
    { label: words.help, submenu: [{ id: 'help.about', label: words.about, click: opts.onAbout }] },
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

/** The native dialog each `dialog.pickPath` purpose opens, worded in the window's language. */
export function dialogSpec(purpose: PickPurpose, locale: NativeLocale): DialogSpec {
  const words = nativeTexts(locale).dialogs;
  const testSetFilter: FileFilterSpec = { name: words.testSetFilter, extensions: TEST_SET_EXTENSIONS };
  const allFiles: FileFilterSpec = { name: words.allFiles, extensions: ['*'] };
  switch (purpose) {
    case 'openTestSet':
      return { kind: 'open', title: words.openTestSet, filters: [testSetFilter, allFiles] };
    case 'createTestSet':
      return { kind: 'save', title: words.createTestSet, filters: [testSetFilter], defaultName: words.newTestSetName };
    case 'importFile':
      return { kind: 'open', title: words.importFile, filters: [{ name: words.importFilter, extensions: IMPORT_EXTENSIONS }, allFiles] };
    case 'testSetFolder':
      return { kind: 'folder', title: words.testSetFolder, properties: ['openDirectory', 'createDirectory'] };
    case 'exportFolder':
      return { kind: 'folder', title: words.exportFolder, properties: ['openDirectory', 'createDirectory'] };
    case 'importFolder':
      return { kind: 'folder', title: words.importFolder, properties: ['openDirectory'] };
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
