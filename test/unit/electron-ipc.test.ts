import { describe, expect, it } from 'vitest';
import { BackendChannel, RestartPolicy, TailBuffer } from '../../electron/backend-channel';
import { backendDownError, backendStoppingError, backendUnavailableError, type BackendResponse } from '../../electron/backend-protocol';
import { serveBackend, type ParentPortLike, type ServedBackend } from '../../electron/backend-serve';
import { answer, INVOKE_CHANNEL, isMainProcessOp, MAIN_PROCESS_OPS, validateCall } from '../../electron/ipc-policy';
import { buildMenuTemplate, dialogSpec, MenuCommandQueue, withTestSetExtension, type MenuCommand, type MenuItemSpec } from '../../electron/menu-policy';
import { resolveLayout } from '../../electron/paths';
import { ApiErrorSchema, contract, OP_NAMES } from '../../shared/api/contract';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('IPC call validation', () => {
  it('uses one channel', () => {
    expect(INVOKE_CHANNEL).toBe('touchstone:invoke');
  });

  it('refuses names that are not operations of the contract', () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString', '', 42, null, undefined]) {
      const call = validateCall(name, {});
      expect(call.ok, String(name)).toBe(false);
      if (!call.ok) expect(call.envelope).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
  });

  it('refuses input that does not parse, naming the field', () => {
    const call = validateCall('cases.list', { filters: {}, offset: -1, limit: 10 });
    expect(call).toMatchObject({ ok: false, envelope: { ok: false, error: { code: 'invalid-input', location: { file: 'cases.list', field: 'offset' } } } });
    expect(validateCall('dialog.pickPath', { purpose: 'deleteEverything' }).ok).toBe(false);
    expect(validateCall('testSets.open', { path: 42 }).ok).toBe(false);
  });

  it('passes on the parsed input: defaults applied, unknown keys dropped', () => {
    expect(validateCall('app.info', undefined)).toEqual({ ok: true, name: 'app.info', input: {} });
    expect(validateCall('imports.start', { kind: 'cases', source: { path: '/tmp/a.jsonl' }, extra: 'x' }))
      .toEqual({ ok: true, name: 'imports.start', input: { kind: 'cases', format: 'auto', createDimensions: false, source: { path: '/tmp/a.jsonl' } } });
  });

  it('answers dialogs, menu commands and the window\'s language in main, everything else in the backend', () => {
    expect([...MAIN_PROCESS_OPS].sort()).toEqual(['dialog.pickPath', 'ui.nextMenuCommand', 'ui.setLocale']);
    const backendOps = OP_NAMES.filter((name) => !isMainProcessOp(name));
    expect(backendOps).toContain('cases.list');
    expect(backendOps).not.toContain('dialog.pickPath');
    expect(backendOps).not.toContain('ui.setLocale');
    expect(validateCall('ui.setLocale', { locale: 'fr' }).ok).toBe(false);
  });

  it('checks main-side answers against the output schema', () => {
    expect(answer('dialog.pickPath', { supported: true, path: null })).toEqual({ ok: true, value: { supported: true, path: null } });
    expect(answer('ui.nextMenuCommand', { command: 'openDemo' })).toEqual({ ok: true, value: { command: 'openDemo' } });
    expect(answer('ui.nextMenuCommand', { command: 'format-disk' } as never)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('menu command long poll', () => {
  it('hands a click to the waiting call', async () => {
    const queue = new MenuCommandQueue();
    const next = queue.next();
    queue.push('openDemo');
    await expect(next).resolves.toBe('openDemo');
  });

  it('keeps a click made while no call waits, without doubling a double-click', async () => {
    const queue = new MenuCommandQueue();
    queue.push('import');
    queue.push('import');
    queue.push('openTestSet');
    await expect(queue.next()).resolves.toBe('import');
    await expect(queue.next()).resolves.toBe('openTestSet');
    let settled = false;
    void queue.next().then(() => { settled = true; });
    await tick();
    expect(settled).toBe(false);
  });

  it('keeps a bounded number of clicks', async () => {
    const queue = new MenuCommandQueue(2);
    queue.push('import');
    queue.push('openDemo');
    queue.push('createTestSet');
    await expect(queue.next()).resolves.toBe('openDemo');
    await expect(queue.next()).resolves.toBe('createTestSet');
  });

  it("answers the old page's calls 'none' on reload and forgets stale clicks", async () => {
    const queue = new MenuCommandQueue();
    const stale = queue.next();
    queue.reset();
    await expect(stale).resolves.toBe('none');
    queue.push('openDemo');
    queue.reset();
    expect(queue.waitingCount).toBe(0);
    const fresh = queue.next();
    queue.push('createTestSet');
    await expect(fresh).resolves.toBe('createTestSet');
  });
});

describe('application menu', () => {
  const flatten = (items: MenuItemSpec[]): MenuItemSpec[] => items.flatMap((item) => [item, ...flatten(item.submenu ?? [])]);
  const build = (platform: NodeJS.Platform, isPackaged: boolean, locale: 'en' | 'zh-CN' = 'en') => {
    const sent: MenuCommand[] = [];
    let about = 0;
    const template = buildMenuTemplate({ platform, isPackaged, locale, onCommand: (command) => sent.push(command), onAbout: () => { about += 1; } });
    return { template, items: flatten(template), sent, about: () => about };
  };

  it('File items push their command to the renderer', () => {
    const { template, items, sent } = build('linux', true);
    expect(template.map((item) => item.label ?? item.role)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    for (const id of ['createTestSet', 'openTestSet', 'openDemo', 'import', 'export'] as const) items.find((item) => item.id === `file.${id}`)!.click!();
    expect(sent).toEqual(['createTestSet', 'openTestSet', 'openDemo', 'import', 'export']);
    expect(items.some((item) => item.role === 'quit')).toBe(true);
  });

  it('File › Export… sends the command the window answers by opening its Export panel', () => {
    const { items, sent } = build('darwin', true);
    const exportItem = items.find((item) => item.id === 'file.export')!;
    expect(exportItem).toMatchObject({ label: 'Export…', accelerator: 'CmdOrCtrl+E' });
    const file = build('linux', true).template[0].submenu!.map((item) => item.id ?? item.type ?? item.role);
    expect(file.indexOf('file.export')).toBe(file.indexOf('file.import') + 1);
    exportItem.click!();
    expect(sent).toEqual(['export']);
    // the renderer's menu loop understands every command the menu sends: the contract lists it
    expect(contract['ui.nextMenuCommand'].output.shape.command.options).toContain('export');
  });

  it('Help › About calls back', () => {
    const menu = build('win32', true);
    menu.items.find((item) => item.id === 'help.about')!.click!();
    expect(menu.about()).toBe(1);
  });

  it('offers reload and DevTools only in developer runs', () => {
    const roles = (isPackaged: boolean) => build('linux', isPackaged).items.map((item) => item.role);
    expect(roles(true)).not.toContain('toggleDevTools');
    expect(roles(true)).not.toContain('reload');
    expect(roles(true)).not.toContain('forceReload');
    expect(roles(false)).toEqual(expect.arrayContaining(['toggleDevTools', 'reload']));
  });

  it('is worded in the window\'s language, every item and role included (none falls back to Electron\'s English)', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const { template, items } = build(platform, false, 'zh-CN');
      expect(template.filter((item) => item.role !== 'appMenu').map((item) => item.label)).toEqual(['文件', '编辑', '视图', '窗口', '帮助']);
      const unworded = items.filter((item) => item.type !== 'separator' && item.role !== 'appMenu' && !/[\u4e00-\u9fff]/.test(item.label ?? ''));
      expect(unworded).toEqual([]);
    }
    expect(build('linux', true, 'zh-CN').items.find((item) => item.id === 'file.export')).toMatchObject({ label: '导出…', accelerator: 'CmdOrCtrl+E' });
  });

  it('follows macOS conventions (app menu first, Close instead of Quit in File)', () => {
    const { template } = build('darwin', true);
    expect(template[0]).toEqual({ role: 'appMenu' });
    expect(template[1].submenu!.some((item) => item.role === 'close')).toBe(true);
  });
});

describe('native file dialogs', () => {
  it('filters test sets and import files', () => {
    expect(dialogSpec('openTestSet', 'en')).toMatchObject({ kind: 'open', filters: [{ extensions: ['sqlite', 'touchstone'] }, { extensions: ['*'] }] });
    expect(dialogSpec('createTestSet', 'en')).toMatchObject({ kind: 'save', filters: [{ extensions: ['sqlite', 'touchstone'] }] });
    expect(dialogSpec('importFile', 'en')).toMatchObject({ kind: 'open', filters: [{ extensions: ['jsonl', 'csv', 'json'] }, { extensions: ['*'] }] });
  });

  it('picks folders for label packs: an export folder may be created from the dialog, an import folder must exist', () => {
    expect(dialogSpec('exportFolder', 'en')).toMatchObject({ kind: 'folder', properties: ['openDirectory', 'createDirectory'] });
    expect(dialogSpec('importFolder', 'en')).toMatchObject({ kind: 'folder', properties: ['openDirectory'] });
  });

  it('gives a new test set an extension when the dialog did not', () => {
    expect(withTestSetExtension('/home/me/eval')).toBe('/home/me/eval.sqlite');
    expect(withTestSetExtension('/home/me/eval.sqlite')).toBe('/home/me/eval.sqlite');
    expect(withTestSetExtension('C:\\eval\\Support.TOUCHSTONE')).toBe('C:\\eval\\Support.TOUCHSTONE');
  });
});

describe('backend channel (main side)', () => {
  it('matches answers to requests by id', async () => {
    const channel = new BackendChannel();
    const sent: { id: number; name: string }[] = [];
    channel.attach((request) => sent.push(request));
    const a = channel.request('app.info', {});
    const b = channel.request('testSets.current', {});
    expect(sent.map((r) => r.name)).toEqual(['app.info', 'testSets.current']);
    channel.receive({ id: sent[1].id, envelope: { ok: true, value: 'B' } });
    channel.receive({ id: sent[0].id, envelope: { ok: true, value: 'A' } });
    await expect(a).resolves.toEqual({ ok: true, value: 'A' });
    await expect(b).resolves.toEqual({ ok: true, value: 'B' });
    expect(channel.pendingCount).toBe(0);
  });

  it('ignores junk and unknown ids', () => {
    const channel = new BackendChannel();
    channel.attach(() => {});
    void channel.request('app.info', {});
    for (const junk of [null, 'x', { id: 99, envelope: { ok: true, value: 1 } }, { id: 1 }, { id: 1, envelope: 'no' }]) channel.receive(junk);
    expect(channel.pendingCount).toBe(1);
  });

  it('answers every pending request "backend-unavailable" when the process dies, and refuses until restarted', async () => {
    const channel = new BackendChannel();
    channel.attach(() => {});
    const pending = channel.request('imports.start', {});
    channel.detach(backendDownError('exit code 1'));
    await expect(pending).resolves.toEqual({ ok: false, error: backendDownError('exit code 1') });
    await expect(channel.request('app.info', {})).resolves.toEqual({ ok: false, error: backendUnavailableError() });
    for (const error of [backendDownError('exit code 1'), backendUnavailableError()]) {
      expect(ApiErrorSchema.parse(error).code).toBe('backend-unavailable');
    }
    const sent: unknown[] = [];
    channel.attach((request) => sent.push(request));
    void channel.request('app.info', {});
    expect(sent).toHaveLength(1);
  });

  it('turns a failing post into an error envelope', async () => {
    const channel = new BackendChannel();
    channel.attach(() => { throw new Error('port closed'); });
    await expect(channel.request('app.info', {})).resolves.toMatchObject({ ok: false, error: { code: 'backend-unavailable', message: expect.stringContaining('port closed') } });
    expect(channel.pendingCount).toBe(0);
  });

  it('stops restarting a process that keeps crashing', () => {
    const policy = new RestartPolicy(3, 60_000);
    expect(policy.shouldRestart(0)).toBe(true);
    expect(policy.shouldRestart(1_000)).toBe(true);
    expect(policy.shouldRestart(2_000)).toBe(false);
    const spaced = new RestartPolicy(3, 60_000);
    expect([0, 61_000, 122_000, 183_000].map((t) => spaced.shouldRestart(t))).toEqual([true, true, true, true]);
  });

  it('keeps only the tail of stderr', () => {
    const tail = new TailBuffer(10);
    tail.append('0123456789');
    tail.append(new TextEncoder().encode('abcde'));
    expect(tail.toString()).toBe('56789abcde');
  });
});

describe('backend process loop', () => {
  function fakePort() {
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const posted: BackendResponse[] = [];
    const port: ParentPortLike = { on: (_event, listener) => listeners.push(listener), postMessage: (message) => posted.push(message) };
    return { port, posted, send: (data: unknown) => listeners.forEach((listener) => listener({ data })) };
  }

  it('answers each request once with the backend envelope', async () => {
    const { port, posted, send } = fakePort();
    const backend: ServedBackend = { dispatch: async (name) => ({ ok: true, value: name }), close: () => {} };
    serveBackend(port, Promise.resolve(backend), () => {});
    send({ id: 1, name: 'app.info', input: {} });
    send({ id: 2, name: 'testSets.current', input: {} });
    send({ nonsense: true });
    await tick();
    expect(posted).toEqual([{ id: 1, envelope: { ok: true, value: 'app.info' } }, { id: 2, envelope: { ok: true, value: 'testSets.current' } }]);
  });

  it('answers with the reason when the backend could not start, and with an error when dispatch throws', async () => {
    const failed = fakePort();
    serveBackend(failed.port, Promise.reject(new Error('disk full')), () => {});
    failed.send({ id: 7, name: 'app.info', input: {} });
    await tick();
    // the window keeps what it was writing (a label waits) rather than taking it as refused
    expect(failed.posted[0]).toMatchObject({ id: 7, envelope: { ok: false, error: { code: 'backend-unavailable', message: expect.stringContaining('disk full') } } });

    const throwing = fakePort();
    serveBackend(throwing.port, Promise.resolve({ dispatch: () => Promise.reject(new Error('boom')), close: () => {} }), () => {});
    throwing.send({ id: 8, name: 'cases.list', input: {} });
    await tick();
    expect(throwing.posted[0]).toMatchObject({ id: 8, envelope: { ok: false, error: { code: 'internal', message: expect.stringContaining('boom') } } });
  });

  it('exits on shutdown only once the database is closed (its write lock goes after the Diagnosis worker stops)', async () => {
    const { port, send } = fakePort();
    const steps: string[] = [];
    let closed!: () => void;
    const close = () => {
      steps.push('close');
      return new Promise<void>((resolve) => (closed = resolve));
    };
    serveBackend(port, Promise.resolve({ dispatch: async () => ({ ok: true, value: null }), close }), (code) => steps.push(`exit ${code}`));
    send({ type: 'shutdown' });
    await tick();
    expect(steps).toEqual(['close']);
    closed();
    await tick();
    expect(steps).toEqual(['close', 'exit 0']);
  });

  it('answers requests arriving after a shutdown "backend-unavailable", without running them', async () => {
    const { port, posted, send } = fakePort();
    const ran: string[] = [];
    serveBackend(port, Promise.resolve({ dispatch: async (name) => (ran.push(name), { ok: true, value: null }), close: () => {} }), () => {});
    send({ id: 1, name: 'labels.record', input: {} });
    send({ type: 'shutdown' });
    send({ id: 2, name: 'labels.record', input: {} });
    await tick();
    expect(ran).toEqual(['labels.record']);
    expect(posted).toEqual([{ id: 2, envelope: { ok: false, error: backendStoppingError() } }, { id: 1, envelope: { ok: true, value: null } }]);
    expect(backendStoppingError().code).toBe('backend-unavailable');
  });
});

describe('runtime layout', () => {
  it('developer run: everything under dist/, binding from build/native when built', () => {
    const layout = resolveLayout({
      mainDir: '/repo/dist/electron', appPath: '/repo', isPackaged: false, resourcesPath: '/repo/node_modules/electron/dist/resources',
      exists: (path) => path === '/repo/build/native/electron/better_sqlite3.node',
    });
    expect(layout).toEqual({
      indexHtml: '/repo/dist/renderer/index.html',
      preload: '/repo/dist/electron/preload.cjs',
      backendEntry: '/repo/dist/electron/backend.mjs',
      sampleDir: '/repo/dist/sample',
      sqliteBinding: '/repo/build/native/electron/better_sqlite3.node',
    });
  });

  it('packaged: backend and binding from app.asar.unpacked, sample from resources', () => {
    const layout = resolveLayout({
      mainDir: '/opt/T/resources/app.asar/dist/electron', appPath: '/opt/T/resources/app.asar', isPackaged: true, resourcesPath: '/opt/T/resources',
      exists: () => false,
    });
    expect(layout.indexHtml).toBe('/opt/T/resources/app.asar/dist/renderer/index.html');
    expect(layout.backendEntry).toBe('/opt/T/resources/app.asar.unpacked/dist/electron/backend.mjs');
    expect(layout.sampleDir).toBe('/opt/T/resources/sample');
    expect(layout.sqliteBinding).toBeNull();
    const withBinding = resolveLayout({
      mainDir: '/opt/T/resources/app.asar/dist/electron', appPath: '/opt/T/resources/app.asar', isPackaged: true, resourcesPath: '/opt/T/resources',
      exists: (path) => path === '/opt/T/resources/app.asar.unpacked/build/native/electron/better_sqlite3.node',
    });
    expect(withBinding.sqliteBinding).toBe('/opt/T/resources/app.asar.unpacked/build/native/electron/better_sqlite3.node');
  });
});
