/**
 * Electron main process (bundled to dist/electron/main.cjs). Thin on purpose:
 * every decision lives in a pure, unit-tested module (security.ts,
 * ipc-policy.ts, menu-policy.ts, backend-channel.ts, paths.ts); this file
 * only wires them to Electron's APIs.
 */
import {
  app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, utilityProcess,
  type IpcMainInvokeEvent, type UtilityProcess, type WebContents,
} from 'electron';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { APP_INDEX_URL, APP_SCHEME, appProtocolFile, appProtocolHeaders } from './app-protocol';
import type { OpParsedInput, OpOutput } from '../shared/api/contract';
import { BackendChannel, RestartPolicy, TailBuffer } from './backend-channel';
import { BACKEND_ENV, backendDownError, backendUnavailableError } from './backend-protocol';
import { answer, INVOKE_CHANNEL, internalFailure, refusedSenderEnvelope, validateCall } from './ipc-policy';
import { buildMenuTemplate, dialogSpec, MenuCommandQueue, withTestSetExtension, type MenuCommand } from './menu-policy';
import { nativeLocaleFor, nativeTexts, type NativeLocale } from './native-texts';
import { PathGrants, usesRecentFiles } from './path-grants';
import { resolveLayout } from './paths';
import {
  APP_TITLE, buildWindowOptions, devicePermissionDecision, isNavigationAllowed, isRequestAllowed, isTrustedSender,
  isWebviewAttachAllowed, permissionCheckDecision, permissionRequestDecision, windowOpenDecision, windowTitle,
} from './security';

// app:// behaves like https for the page (standard, secure, fetch): registered before the app is ready.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

// One data folder, the same in developer runs and packaged builds (the lock file of the single-instance check lives there too).
app.setPath('userData', process.env.TOUCHSTONE_USER_DATA || join(app.getPath('appData'), APP_TITLE));
app.enableSandbox();

const layout = resolveLayout({
  mainDir: __dirname,
  appPath: app.getAppPath(),
  isPackaged: app.isPackaged,
  resourcesPath: process.resourcesPath,
  exists: existsSync,
});
const appIndexUrl = APP_INDEX_URL;

let mainWindow: BrowserWindow | null = null;
const menuCommands = new MenuCommandQueue();
// The language of the menu, native dialogs and message boxes: the system's until the window reports its own ('ui.setLocale').
let locale: NativeLocale = 'en';
const words = () => nativeTexts(locale);
// The file-system paths the window may pass on: chosen in a dialog this session, a recent file, or in the data folder.
const pathGrants = new PathGrants(app.getPath('userData'), process.platform === 'win32');

/** Where "New test set" puts files until the person picks another folder. */
const newFilesDir = () => join(app.getPath('documents'), 'Touchstone');

// ---------------------------------------------------------------- backend process

/** Runs the backend in a utility process, restarts it when it dies, stops it cleanly at quit. */
class BackendSupervisor {
  readonly channel = new BackendChannel();
  private child: UtilityProcess | null = null;
  private stopping = false;
  private readonly restarts = new RestartPolicy();
  private readonly stderr = new TailBuffer();

  start(): void {
    this.stderr.clear();
    const child = utilityProcess.fork(layout.backendEntry, [], {
      serviceName: 'Touchstone data',
      stdio: ['ignore', 'inherit', 'pipe'],
      env: backendEnv(),
    });
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      this.stderr.append(chunk);
    });
    child.on('message', (message: unknown) => this.channel.receive(message));
    child.on('error', (type, location) => console.error(`Touchstone data process: ${type} at ${location}`));
    child.on('exit', (code) => this.onExit(child, code));
    this.channel.attach((request) => child.postMessage(request));
  }

  private onExit(child: UtilityProcess, code: number): void {
    if (child !== this.child) return;
    this.child = null;
    if (this.stopping) {
      this.channel.detach(backendUnavailableError());
      return;
    }
    const restart = this.restarts.shouldRestart(Date.now());
    this.channel.detach(restart ? backendDownError(`exit code ${code}`) : backendUnavailableError());
    const details = this.stderr.toString();
    const text = words().backend;
    void showMessage({
      type: 'error',
      title: APP_TITLE,
      message: restart ? text.restarted : text.keepsStopping,
      detail: [restart ? text.restartedDetail : text.keepsStoppingDetail, text.exitCode(code), details ? `\n${details}` : ''].join('\n'),
    });
    if (restart) this.start();
  }

  /** Asks the backend to close its database, then waits for it to exit (killing it after `timeoutMs`). */
  stop(timeoutMs = 3000): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve();
      }, timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      try {
        child.postMessage({ type: 'shutdown' });
      } catch {
        child.kill();
      }
    });
  }
}

function backendEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  env[BACKEND_ENV.dataDir] = app.getPath('userData');
  env[BACKEND_ENV.newFilesDir] = newFilesDir();
  env[BACKEND_ENV.version] = app.getVersion();
  env[BACKEND_ENV.sampleDir] = layout.sampleDir;
  if (layout.sqliteBinding) env[BACKEND_ENV.sqliteBinding] = layout.sqliteBinding;
  else delete env[BACKEND_ENV.sqliteBinding];
  return env;
}

const backend = new BackendSupervisor();

// ---------------------------------------------------------------- dialogs

function showMessage(options: Electron.MessageBoxOptions): Promise<Electron.MessageBoxReturnValue> {
  return mainWindow && !mainWindow.isDestroyed() ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options);
}

async function pickPath({ purpose }: OpParsedInput<'dialog.pickPath'>, sender: WebContents): Promise<OpOutput<'dialog.pickPath'>> {
  const spec = dialogSpec(purpose, locale);
  const parent = BrowserWindow.fromWebContents(sender) ?? mainWindow;
  if (spec.kind === 'folder') {
    const options: Electron.OpenDialogOptions = { title: spec.title, properties: spec.properties };
    const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return { supported: true, path: result.canceled ? null : (result.filePaths[0] ?? null) };
  }
  if (spec.kind === 'open') {
    const options: Electron.OpenDialogOptions = { title: spec.title, filters: spec.filters, properties: ['openFile'] };
    const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return { supported: true, path: result.canceled ? null : (result.filePaths[0] ?? null) };
  }
  const options: Electron.SaveDialogOptions = {
    title: spec.title,
    defaultPath: join(app.getPath('documents'), spec.defaultName),
    filters: spec.filters,
    properties: ['createDirectory'],
  };
  const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  return { supported: true, path: result.canceled || !result.filePath ? null : withTestSetExtension(result.filePath) };
}

function showAbout(): void {
  const text = words().about;
  void showMessage({
    type: 'info',
    title: text.title,
    message: `${APP_TITLE} ${app.getVersion()}`,
    detail: [
      text.description,
      '',
      `Electron ${process.versions.electron} · Chromium ${process.versions.chrome} · Node ${process.versions.node}`,
      text.dataFolder(app.getPath('userData')),
    ].join('\n'),
    buttons: [text.ok],
  });
}

// ---------------------------------------------------------------- IPC

/** Only the main frame of our window, showing our own index.html, may call the backend. */
function isFromAppWindow(event: IpcMainInvokeEvent): boolean {
  const win = mainWindow;
  if (!win || win.isDestroyed() || event.sender.id !== win.webContents.id) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isTrustedSender(frame.url, appIndexUrl);
}

/** The recent-files list the backend keeps in the data folder. */
async function recentFiles(): Promise<string[]> {
  const envelope = await backend.channel.request('testSets.recent', {});
  return envelope.ok ? (envelope.value as OpOutput<'testSets.recent'>).map((file) => file.path) : [];
}

function registerIpc(): void {
  ipcMain.handle(INVOKE_CHANNEL, async (event, name: unknown, input: unknown) => {
    if (!isFromAppWindow(event)) return refusedSenderEnvelope();
    const call = validateCall(name, input);
    if (!call.ok) return call.envelope;
    try {
      switch (call.name) {
        case 'dialog.pickPath': {
          const request = call.input as OpParsedInput<'dialog.pickPath'>;
          const picked = await pickPath(request, event.sender);
          if (picked.path) pathGrants.grant(picked.path, request.purpose);
          return answer('dialog.pickPath', picked);
        }
        case 'ui.nextMenuCommand':
          return answer('ui.nextMenuCommand', { command: await menuCommands.next() });
        case 'ui.setLocale': {
          const request = call.input as OpParsedInput<'ui.setLocale'>;
          if (request.locale !== locale) {
            locale = request.locale;
            installMenu();
          }
          return answer('ui.setLocale', { locale });
        }
        default: {
          const refused = pathGrants.refusal(call.name, call.input, usesRecentFiles(call.name) ? await recentFiles() : []);
          return refused ?? (await backend.channel.request(call.name, call.input));
        }
      }
    } catch (error) {
      return internalFailure(call.name, error);
    }
  });
}

// ---------------------------------------------------------------- menu

function sendMenuCommand(command: MenuCommand): void {
  if (mainWindow && !mainWindow.isDestroyed()) {
    menuCommands.push(command);
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    return;
  }
  // macOS: the menu outlives the window. Open one, and hand it the command once its page is listening.
  const win = createWindow();
  win.webContents.once('did-finish-load', () => menuCommands.push(command));
}

function installMenu(): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate({
    platform: process.platform,
    isPackaged: app.isPackaged,
    locale,
    onCommand: sendMenuCommand,
    onAbout: showAbout,
  })));
}

// ---------------------------------------------------------------- hardening

/** Every web contents (our window, devtools, anything else): no new windows, no webviews, no navigation away from the app. */
function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(() => windowOpenDecision());
  contents.on('will-attach-webview', (event) => {
    if (!isWebviewAttachAllowed()) event.preventDefault();
  });
  contents.on('will-navigate', (event) => {
    if (!isNavigationAllowed(event.url, appIndexUrl)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isNavigationAllowed(event.url, appIndexUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isNavigationAllowed(event.url, appIndexUrl)) event.preventDefault();
  });
}

/** The default session: every permission refused, every request that would leave the machine cancelled. */
function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback) => callback(permissionRequestDecision(permission)));
  ses.setPermissionCheckHandler((_contents, permission) => permissionCheckDecision(permission));
  ses.setDevicePermissionHandler(() => devicePermissionDecision());
  // the renderer folder only, each response with the CSP header (electron/app-protocol.ts)
  const rendererDir = dirname(layout.indexHtml);
  ses.protocol.handle(APP_SCHEME, async (request) => {
    const file = appProtocolFile(request.url, rendererDir);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file), { headers: appProtocolHeaders(file) });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
  ses.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isRequestAllowed(details.url, { isPackaged: app.isPackaged });
    if (!allowed) console.warn(`Touchstone blocked a network request: ${details.url}`);
    callback({ cancel: !allowed });
  });
}

// ---------------------------------------------------------------- window

function createWindow(): BrowserWindow {
  const win = new BrowserWindow(buildWindowOptions(layout.preload, { devTools: !app.isPackaged }));
  mainWindow = win;
  win.once('ready-to-show', () => win.show());
  win.on('page-title-updated', (event, title) => {
    event.preventDefault();
    win.setTitle(windowTitle(title));
  });
  win.webContents.on('did-start-navigation', (event) => {
    // A reload or a new document: long polls of the old page will never be read.
    if (event.isMainFrame && !event.isSameDocument) menuCommands.reset();
  });
  win.webContents.on('render-process-gone', (_event, details) => {
    menuCommands.reset();
    if (details.reason === 'clean-exit' || win.isDestroyed()) return;
    const text = words().window;
    void showMessage({
      type: 'error',
      title: APP_TITLE,
      message: text.crashed,
      detail: text.crashedDetail(details.reason),
      buttons: [text.reload],
    }).then(() => {
      if (!win.isDestroyed()) win.webContents.reload();
    });
  });
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
    menuCommands.reset();
  });
  win.loadURL(APP_INDEX_URL).catch((error: unknown) => {
    if (win.isDestroyed()) return;
    win.show();
    dialog.showErrorBox(APP_TITLE, words().window.loadFailed(layout.indexHtml, (error as Error).message));
  });
  return win;
}

// ---------------------------------------------------------------- lifecycle

function checkInstallation(): boolean {
  if (!existsSync(layout.indexHtml)) {
    const text = words().startup;
    dialog.showErrorBox(APP_TITLE, `${text.uiMissing(layout.indexHtml)} ${app.isPackaged ? text.reinstall : text.buildRendererFirst}`);
    return false;
  }
  if (!layout.sqliteBinding) {
    const message = app.isPackaged ? words().startup.sqliteMissingPackaged : words().startup.sqliteMissingDev;
    if (app.isPackaged) dialog.showErrorBox(APP_TITLE, message);
    else console.warn(message);
  }
  return true;
}

function main(): void {
  if (!app.requestSingleInstanceLock()) {
    // Another Touchstone is running on this data folder: it gets focus (second-instance below), this one leaves.
    app.quit();
    return;
  }

  app.on('second-instance', () => {
    if (mainWindow && !mainWindow.isDestroyed()) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
    } else if (app.isReady()) {
      createWindow();
    }
  });

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (app.isReady() && (!mainWindow || mainWindow.isDestroyed())) createWindow();
  });

  let backendStopped = false;
  app.on('will-quit', (event) => {
    if (backendStopped) return;
    event.preventDefault();
    void backend.stop().finally(() => {
      backendStopped = true;
      app.quit();
    });
  });

  app.whenReady().then(() => {
    // app.getLocale() is only known once the app is ready
    locale = nativeLocaleFor(app.getLocale());
    if (process.platform === 'win32') app.setAppUserModelId('org.touchstone.desktop');
    if (!checkInstallation()) {
      backendStopped = true;
      app.quit();
      return;
    }
    hardenSession();
    registerIpc();
    installMenu();
    backend.start();
    createWindow();
  }).catch((error: unknown) => {
    dialog.showErrorBox(APP_TITLE, words().startup.failed((error as Error).message));
    app.exit(1);
  });
}

main();
