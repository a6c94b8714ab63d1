import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ApiError, type Envelope, type OpName, type OpParsedInput } from '../shared/api/contract';
import { text as say } from '../shared/messages/text';

/**
 * Which file-system paths main lets the window pass to the backend (desktop
 * mode; review finding F6). The window is trusted less than main, so a path
 * travels on only when the person chose it: in a native dialog main showed in
 * this session, from the recent-files list (opening a test set), or inside
 * the app's data folder (the demo). Pure (no 'electron' import), so the unit
 * tests load it under plain Node.
 *
 * Browser mode does not use this: there the person types the path into the
 * page themselves, and the HTTP bridge answers only requests carrying its token.
 */

/** How an operation uses a path: reads it, creates exactly it, or writes files into it (a folder). */
export type PathUse = 'read' | 'create' | 'writeInto';

interface PathField<N extends OpName> {
  field: string;
  use: PathUse;
  of: (input: OpParsedInput<N>) => string | null;
}

type PathFields = { [N in OpName]?: PathField<N>[] };

/** Every operation input that names a file or folder, and how it is used. */
export const PATH_FIELDS: PathFields = {
  'testSets.open': [{ field: 'path', use: 'read', of: (input) => input.path }],
  'testSets.create': [{ field: 'path', use: 'create', of: (input) => input.path }],
  // null: the folder the backend chose itself (the default, or the one used last)
  'testSets.createNamed': [{ field: 'folder', use: 'writeInto', of: (input) => input.folder ?? null }],
  'imports.start': [{ field: 'source.path', use: 'read', of: (input) => ('path' in input.source ? input.source.path : null) }],
  'imports.inspect': [{ field: 'source.path', use: 'read', of: (input) => ('path' in input.source ? input.source.path : null) }],
  'labels.exportPack': [{ field: 'outDir', use: 'writeInto', of: (input) => input.outDir }],
  'labels.importPack': [{ field: 'dir', use: 'read', of: (input) => input.dir }],
  'anchors.export': [{ field: 'outDir', use: 'writeInto', of: (input) => input.outDir }],
  'anchors.import': [{ field: 'dir', use: 'read', of: (input) => input.dir }],
  'exports.write': [{ field: 'outDir', use: 'writeInto', of: (input) => input.outDir }],
};

/** Path-like inputs main passes on unchecked, with the reason the backend already confines them. */
export const CONFINED_BY_BACKEND: { [N in OpName]?: { field: string; why: string } } = {
  'backups.restore': { field: 'path', why: 'the backend accepts only a path that backups.list gives for the open file' },
};

/** Only opening a test set may use the recent-files list: main asks the backend for it for those calls alone. */
export const usesRecentFiles = (name: OpName): boolean => name === 'testSets.open';

export type PickPurpose = OpParsedInput<'dialog.pickPath'>['purpose'];

/** What a path chosen for a purpose may be used for: anything chosen may be read; only a save dialog's path created; only an export folder written into. */
const USES_OF: Record<PickPurpose, readonly PathUse[]> = {
  openTestSet: ['read'],
  importFile: ['read'],
  importFolder: ['read'],
  createTestSet: ['read', 'create'],
  testSetFolder: ['read', 'writeInto'],
  exportFolder: ['read', 'writeInto'],
};

export class PathGrants {
  private readonly picked = new Map<string, PickPurpose>();
  private readonly dataDir: string;

  constructor(dataDir: string, private readonly caseInsensitive = false) {
    this.dataDir = this.key(dataDir);
  }

  private key(path: string): string {
    const absolute = resolve(path);
    return this.caseInsensitive ? absolute.toLowerCase() : absolute;
  }

  private static inside(folder: string, path: string): boolean {
    const rel = relative(folder, path);
    return rel === '' || (rel.split(sep)[0] !== '..' && !isAbsolute(rel));
  }

  /** A path a native dialog returned: the person chose it, for this purpose. */
  grant(path: string, purpose: PickPurpose): void {
    if (isAbsolute(path)) this.picked.set(this.key(path), purpose);
  }

  private static oneLevelInside(folder: string, path: string): boolean {
    const rel = relative(folder, path);
    return rel !== '' && !isAbsolute(rel) && rel !== '..' && !rel.includes(sep);
  }

  private allows(path: string, use: PathUse, recentFiles: readonly string[]): boolean {
    if (!isAbsolute(path)) return false;
    const key = this.key(path);
    if (PathGrants.inside(this.dataDir, key)) return true;
    const purpose = this.picked.get(key);
    if (purpose && USES_OF[purpose].includes(use)) return true;
    // an export writes its files into the chosen export folder, or into a new folder directly inside it
    if (use === 'writeInto' && [...this.picked].some(([folder, p]) => p === 'exportFolder' && PathGrants.oneLevelInside(folder, key))) return true;
    return recentFiles.some((p) => isAbsolute(p) && this.key(p) === key);
  }

  /**
   * Null when every path of this (contract-validated) call may travel on; else
   * the envelope the window gets, naming the operation and the field.
   */
  refusal(name: OpName, input: unknown, recent: readonly string[] = []): Envelope<never> | null {
    const recentFiles = usesRecentFiles(name) ? recent : [];
    for (const { field, use, of } of (PATH_FIELDS[name] ?? []) as PathField<OpName>[]) {
      const path = of(input as OpParsedInput<OpName>);
      if (path === null || this.allows(path, use, recentFiles)) continue;
      const refusal = !isAbsolute(path)
        ? say('err.path.not-full', { path })
        : say(usesRecentFiles(name) ? 'err.path.not-chosen-or-recent' : 'err.path.not-chosen', { path });
      return { ok: false, error: new ApiError('invalid-input', refusal, { file: name, line: null, field }).toBody() };
    }
    return null;
  }
}
