import type { MessageLocale } from '../shared/messages/text';

/**
 * Every word the main process shows itself — the application menu, the native open / save / folder dialogs and
 * the message boxes — in the window's two languages. Pure (no 'electron' import, unit-tested in both languages);
 * main.ts picks the set for the language the window reports through 'ui.setLocale'.
 */

export type NativeLocale = MessageLocale;

export interface NativeTexts {
  menu: {
    file: string; newTestSet: string; openTestSet: string; openDemo: string; import: string; export: string; quit: string; close: string;
    edit: string; undo: string; redo: string; cut: string; copy: string; paste: string; selectAll: string;
    view: string; reload: string; forceReload: string; devTools: string; resetZoom: string; zoomIn: string; zoomOut: string; fullScreen: string;
    window: string; minimize: string; zoom: string;
    help: string; about: string;
  };
  dialogs: {
    openTestSet: string; createTestSet: string; importFile: string; testSetFolder: string; exportFolder: string; importFolder: string;
    /** The file name a new test set is offered under in the save dialog. */
    newTestSetName: string;
    testSetFilter: string; importFilter: string; allFiles: string;
  };
  about: { title: string; description: string; dataFolder: (path: string) => string; ok: string };
  backend: {
    restarted: string; restartedDetail: string; keepsStopping: string; keepsStoppingDetail: string; exitCode: (code: number) => string;
  };
  window: { crashed: string; crashedDetail: (reason: string) => string; reload: string; loadFailed: (file: string, error: string) => string };
  startup: {
    uiMissing: (file: string) => string; reinstall: string; buildRendererFirst: string;
    sqliteMissingPackaged: string; sqliteMissingDev: string; failed: (error: string) => string;
  };
}

const en: NativeTexts = {
  menu: {
    file: 'File', newTestSet: 'New Test Set…', openTestSet: 'Open Test Set…', openDemo: 'Open Demo', import: 'Import…', export: 'Export…', quit: 'Quit', close: 'Close Window',
    edit: 'Edit', undo: 'Undo', redo: 'Redo', cut: 'Cut', copy: 'Copy', paste: 'Paste', selectAll: 'Select All',
    view: 'View', reload: 'Reload', forceReload: 'Force Reload', devTools: 'Toggle Developer Tools', resetZoom: 'Actual Size', zoomIn: 'Zoom In', zoomOut: 'Zoom Out', fullScreen: 'Toggle Full Screen',
    window: 'Window', minimize: 'Minimize', zoom: 'Zoom',
    help: 'Help', about: 'About Touchstone',
  },
  dialogs: {
    openTestSet: 'Open Test Set', createTestSet: 'New Test Set', importFile: 'Import', testSetFolder: 'Folder for New Test Sets',
    exportFolder: 'Export Label Pack To', importFolder: 'Import Label Pack',
    newTestSetName: 'test-set.sqlite',
    testSetFilter: 'Touchstone test set', importFilter: 'Cases, responses, judge runs (JSONL, CSV, JSON)', allFiles: 'All files',
  },
  about: {
    title: 'About Touchstone',
    description: 'An offline workbench for labeling a RAG evaluation test set and measuring how far an LLM judge can be trusted.',
    dataFolder: (path) => `Data folder: ${path}`,
    ok: 'OK',
  },
  backend: {
    restarted: "Touchstone's data process stopped unexpectedly and has been restarted.",
    restartedDetail: 'Every label saved before this moment is safe. The action in progress may not have completed: please check it and try again.',
    keepsStopping: "Touchstone's data process keeps stopping.",
    keepsStoppingDetail: 'Saved labels are safe, but Touchstone cannot continue. Quit and reopen it; if this happens again, please report the details below.',
    exitCode: (code) => `Exit code ${code}.`,
  },
  window: {
    crashed: 'The Touchstone window stopped unexpectedly.',
    crashedDetail: (reason) => `Reason: ${reason}. Every label saved before this moment is safe. The window will reload.`,
    reload: 'Reload',
    loadFailed: (file, error) => `The Touchstone window could not load ${file}: ${error}`,
  },
  startup: {
    uiMissing: (file) => `The user interface is missing (${file}).`,
    reinstall: 'Please reinstall Touchstone.',
    buildRendererFirst: 'Run `npm run build:renderer` first.',
    sqliteMissingPackaged: 'This build of Touchstone lacks its SQLite module (build/native/electron/better_sqlite3.node); test sets cannot be opened. Please reinstall Touchstone.',
    sqliteMissingDev: 'better-sqlite3 has not been built for Electron (build/native/electron/better_sqlite3.node is missing). Run `node build/electron-native.mjs` (part of `npm start`).',
    failed: (error) => `Touchstone could not start: ${error}`,
  },
};

const zhCN: NativeTexts = {
  menu: {
    file: '文件', newTestSet: '新建测试集…', openTestSet: '打开测试集…', openDemo: '打开示例', import: '导入…', export: '导出…', quit: '退出', close: '关闭窗口',
    edit: '编辑', undo: '撤销', redo: '重做', cut: '剪切', copy: '复制', paste: '粘贴', selectAll: '全选',
    view: '视图', reload: '重新加载', forceReload: '强制重新加载', devTools: '开发者工具', resetZoom: '实际大小', zoomIn: '放大', zoomOut: '缩小', fullScreen: '全屏',
    window: '窗口', minimize: '最小化', zoom: '缩放',
    help: '帮助', about: '关于 Touchstone',
  },
  dialogs: {
    openTestSet: '打开测试集', createTestSet: '新建测试集', importFile: '导入', testSetFolder: '新测试集的保存文件夹',
    exportFolder: '标注包导出到', importFolder: '导入标注包',
    newTestSetName: '测试集.sqlite',
    testSetFilter: 'Touchstone 测试集', importFilter: '用例、系统回答、评审模型运行结果（JSONL、CSV、JSON）', allFiles: '所有文件',
  },
  about: {
    title: '关于 Touchstone',
    description: '离线工作台：标注 RAG 评测测试集，衡量 LLM 评审模型有多可信。',
    dataFolder: (path) => `数据文件夹：${path}`,
    ok: '确定',
  },
  backend: {
    restarted: 'Touchstone 的数据进程意外停止，已重新启动。',
    restartedDetail: '此前保存的所有标注都安全。正在进行的操作可能没有完成：请检查后重试。',
    keepsStopping: 'Touchstone 的数据进程反复停止。',
    keepsStoppingDetail: '已保存的标注是安全的，但 Touchstone 无法继续运行。请退出后重新打开；如果再次发生，请报告下面的详细信息。',
    exitCode: (code) => `退出代码 ${code}。`,
  },
  window: {
    crashed: 'Touchstone 窗口意外停止。',
    crashedDetail: (reason) => `原因：${reason}。此前保存的所有标注都安全。窗口将重新加载。`,
    reload: '重新加载',
    loadFailed: (file, error) => `Touchstone 窗口无法加载 ${file}：${error}`,
  },
  startup: {
    uiMissing: (file) => `缺少用户界面文件（${file}）。`,
    reinstall: '请重新安装 Touchstone。',
    buildRendererFirst: '请先运行 `npm run build:renderer`。',
    sqliteMissingPackaged: '此 Touchstone 安装缺少 SQLite 模块（build/native/electron/better_sqlite3.node），无法打开测试集。请重新安装 Touchstone。',
    sqliteMissingDev: 'better-sqlite3 尚未为 Electron 构建（缺少 build/native/electron/better_sqlite3.node）。请运行 `node build/electron-native.mjs`（`npm start` 会运行它）。',
    failed: (error) => `Touchstone 无法启动：${error}`,
  },
};

export const NATIVE_TEXTS: Record<NativeLocale, NativeTexts> = { en, 'zh-CN': zhCN };

/** The language of the native texts before the window has said which it shows: Chinese for a Chinese system, else English. */
export function nativeLocaleFor(systemLocale: string | null | undefined): NativeLocale {
  return (systemLocale ?? '').toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function nativeTexts(locale: NativeLocale): NativeTexts {
  return NATIVE_TEXTS[locale];
}
