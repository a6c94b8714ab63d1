import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validateCall } from '../../electron/ipc-policy';
import { CONFINED_BY_BACKEND, PATH_FIELDS, PathGrants, usesRecentFiles } from '../../electron/path-grants';
import { contract, OP_NAMES, type OpName } from '../../shared/api/contract';

const DATA = '/home/ada/.config/Touchstone';

/** The call as main sees it: validated against the contract first, then checked for its paths. */
function refusal(grants: PathGrants, name: OpName, input: unknown, recent: string[] = []) {
  const call = validateCall(name, input);
  if (!call.ok) throw new Error(`invalid test input for ${name}`);
  return grants.refusal(call.name, call.input, recent);
}

const allowed = (grants: PathGrants, name: OpName, input: unknown, recent: string[] = []) => refusal(grants, name, input, recent) === null;

describe('desktop path grants: the window passes on only paths the person chose', () => {
  it('refuses every path nobody chose, naming the operation and the field', () => {
    const grants = new PathGrants(DATA);
    const cases: [OpName, unknown, string][] = [
      ['testSets.open', { path: '/etc/shadow' }, 'path'],
      ['testSets.create', { path: '/home/ada/new.touchstone.sqlite' }, 'path'],
      ['imports.start', { kind: 'cases', source: { path: '/home/ada/.ssh/id_ed25519' } }, 'source.path'],
      ['labels.exportPack', { reviewerId: 1, outDir: '/home/ada/.bashrc.d' }, 'outDir'],
      ['labels.importPack', { dir: '/tmp/pack' }, 'dir'],
      ['anchors.export', { name: 'core', outDir: '/usr/local/bin' }, 'outDir'],
      ['anchors.import', { dir: '/tmp/anchors' }, 'dir'],
    ];
    for (const [name, input, field] of cases) {
      const envelope = refusal(grants, name, input);
      expect(envelope, name).toMatchObject({ ok: false, error: { code: 'invalid-input', location: { file: name, line: null, field } } });
      expect(envelope!.ok).toBe(false);
      if (!envelope!.ok) expect(envelope!.error.message).toMatch(/^Refused: .* was not chosen in a Touchstone dialog/);
    }
  });

  it('a file chosen in a dialog may be opened, created or imported: exactly that path', () => {
    const grants = new PathGrants(DATA);
    grants.grant('/home/ada/sets/main.touchstone.sqlite', 'openTestSet');
    grants.grant('/home/ada/exports/cases.jsonl', 'importFile');
    expect(allowed(grants, 'testSets.open', { path: '/home/ada/sets/main.touchstone.sqlite' })).toBe(true);
    expect(allowed(grants, 'testSets.open', { path: '/home/ada/sets/../sets/main.touchstone.sqlite' })).toBe(true);
    expect(allowed(grants, 'testSets.open', { path: '/home/ada/sets/other.touchstone.sqlite' })).toBe(false);
    expect(allowed(grants, 'imports.start', { kind: 'cases', source: { path: '/home/ada/exports/cases.jsonl' } })).toBe(true);
    expect(allowed(grants, 'imports.start', { kind: 'cases', source: { path: '/home/ada/exports/responses.jsonl' } })).toBe(false);
    // a file is not a folder: nothing is created "inside" it
    expect(allowed(grants, 'testSets.create', { path: '/home/ada/sets/main.touchstone.sqlite/x.sqlite' })).toBe(false);
  });

  it('a folder chosen for an export covers files written inside it; an imported folder is exactly that folder', () => {
    const grants = new PathGrants(DATA);
    grants.grant('/home/ada/handoff', 'exportFolder');
    expect(allowed(grants, 'labels.exportPack', { reviewerId: 1, outDir: '/home/ada/handoff' })).toBe(true);
    expect(allowed(grants, 'labels.exportPack', { reviewerId: 1, outDir: '/home/ada/handoff/ada-2026-11' })).toBe(true);
    expect(allowed(grants, 'anchors.export', { name: 'core', outDir: '/home/ada/handoff/anchors', zip: true })).toBe(true);
    expect(allowed(grants, 'labels.exportPack', { reviewerId: 1, outDir: '/home/ada/handoff/../.config/autostart' })).toBe(false);
    expect(allowed(grants, 'labels.exportPack', { reviewerId: 1, outDir: '/home/ada/handoff-other' })).toBe(false);
    expect(allowed(grants, 'labels.exportPack', { reviewerId: 1, outDir: '/home/ada' })).toBe(false);
    expect(allowed(grants, 'labels.importPack', { dir: '/home/ada/handoff' })).toBe(true);
    expect(allowed(grants, 'anchors.import', { dir: '/home/ada/handoff' })).toBe(true);
    expect(allowed(grants, 'labels.importPack', { dir: '/home/ada/handoff/elsewhere' })).toBe(false);
    expect(allowed(grants, 'testSets.create', { path: '/home/ada/handoff/new.touchstone.sqlite' })).toBe(false);
    // a new folder directly inside the chosen one, no deeper
    expect(allowed(grants, 'labels.exportPack', { reviewerId: 1, outDir: '/home/ada/handoff/a/b' })).toBe(false);
  });

  it('a path is used only as its dialog allowed: a folder chosen to import from, or a file to open, is never written', () => {
    const grants = new PathGrants(DATA);
    grants.grant('/home/ada', 'importFolder');
    grants.grant('/home/ada/sets/main.touchstone.sqlite', 'openTestSet');
    grants.grant('/home/ada/sets/new.touchstone.sqlite', 'createTestSet');
    expect(allowed(grants, 'labels.importPack', { dir: '/home/ada' })).toBe(true);
    expect(allowed(grants, 'labels.exportPack', { reviewerId: 1, outDir: '/home/ada' })).toBe(false);
    expect(allowed(grants, 'anchors.export', { name: 'core', outDir: '/home/ada/.config', zip: false })).toBe(false);
    expect(allowed(grants, 'testSets.create', { path: '/home/ada/sets/main.touchstone.sqlite' })).toBe(false);
    expect(allowed(grants, 'testSets.create', { path: '/home/ada/sets/new.touchstone.sqlite' })).toBe(true);
  });

  it('a file on the recent-files list may be opened again, and only opened', () => {
    const grants = new PathGrants(DATA);
    const recent = ['/home/ada/sets/main.touchstone.sqlite', 'relative/ignored.sqlite'];
    expect(usesRecentFiles('testSets.open')).toBe(true);
    expect(OP_NAMES.filter(usesRecentFiles)).toEqual(['testSets.open']);
    expect(allowed(grants, 'testSets.open', { path: '/home/ada/sets/main.touchstone.sqlite' }, recent)).toBe(true);
    expect(allowed(grants, 'testSets.open', { path: 'relative/ignored.sqlite' }, recent)).toBe(false);
    expect(allowed(grants, 'testSets.create', { path: '/home/ada/sets/main.touchstone.sqlite' }, recent)).toBe(false);
    expect(allowed(grants, 'imports.start', { kind: 'cases', source: { path: '/home/ada/sets/main.touchstone.sqlite' } }, recent)).toBe(false);
  });

  it('anything inside the data folder (the demo) is allowed, nothing beside it', () => {
    const grants = new PathGrants(DATA);
    expect(allowed(grants, 'testSets.open', { path: join(DATA, 'demo.touchstone.sqlite') })).toBe(true);
    expect(allowed(grants, 'testSets.create', { path: join(DATA, 'scratch.touchstone.sqlite') })).toBe(true);
    expect(allowed(grants, 'testSets.open', { path: `${DATA}-evil/demo.touchstone.sqlite` })).toBe(false);
    expect(allowed(grants, 'testSets.open', { path: join(DATA, '..', 'Other', 'x.sqlite') })).toBe(false);
  });

  it('a relative path is refused even when it would resolve to a granted one', () => {
    const grants = new PathGrants(DATA);
    grants.grant(process.cwd(), 'importFolder');
    grants.grant('relative/folder', 'importFolder');
    const envelope = refusal(grants, 'labels.importPack', { dir: '.' });
    expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid-input', location: { field: 'dir' } } });
    if (envelope && !envelope.ok) expect(envelope.error.message).toContain('is not a full path');
    expect(allowed(grants, 'labels.importPack', { dir: 'relative/folder' })).toBe(false);
  });

  it('compares without case where the file system does (Windows)', () => {
    const grants = new PathGrants('C:\\Users\\Ada\\AppData\\Roaming\\Touchstone', true);
    grants.grant('/Users/Ada/Handoff', 'importFolder');
    expect(allowed(grants, 'labels.importPack', { dir: '/users/ada/handoff' })).toBe(true);
    expect(new PathGrants(DATA).refusal('labels.importPack', { dir: '/tmp/A' })).not.toBeNull();
    const sensitive = new PathGrants(DATA);
    sensitive.grant('/tmp/Pack', 'importFolder');
    expect(allowed(sensitive, 'labels.importPack', { dir: '/tmp/pack' })).toBe(false);
  });

  it('calls without paths, and imports sent as file content, pass untouched', () => {
    const grants = new PathGrants(DATA);
    expect(allowed(grants, 'cases.list', { filters: {}, offset: 0, limit: 10 })).toBe(true);
    expect(allowed(grants, 'imports.start', { kind: 'cases', source: { fileName: 'cases.jsonl', contentBase64: 'e30=' } })).toBe(true);
    expect(allowed(grants, 'backups.restore', { path: '/anywhere/x.sqlite' })).toBe(true);
  });

  it('every operation input that names a file or folder is checked here or confined by the backend', () => {
    const named = /^(path|dir|outDir|folder|file|filePath)$/;
    // a path field may be optional or nullable (a folder the backend picks when none is given)
    const baseType = (schema: z.ZodType): string => {
      const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
      return def.innerType && ['optional', 'nullable', 'default'].includes(def.type) ? baseType(def.innerType) : def.type;
    };
    const pathFields = (schema: z.ZodType, prefix = ''): string[] => {
      const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
      switch (def.type) {
        case 'object':
          return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) => [
            ...(named.test(key) && baseType(value) === 'string' ? [`${prefix}${key}`] : []),
            ...pathFields(value, `${prefix}${key}.`),
          ]);
        case 'union':
          return [...new Set((def.options as z.ZodType[]).flatMap((option) => pathFields(option, prefix)))];
        case 'default': case 'optional': case 'nullable': case 'prefault': case 'readonly': case 'catch':
          return pathFields(def.innerType, prefix);
        case 'pipe':
          return pathFields(def.in, prefix);
        case 'array':
          return pathFields(def.element, `${prefix}N.`);
        default:
          return [];
      }
    };
    const found = Object.fromEntries(
      OP_NAMES.map((name) => [name, pathFields(contract[name].input as z.ZodType)] as const).filter(([, fields]) => fields.length > 0),
    );
    const covered = Object.fromEntries([
      ...Object.entries(PATH_FIELDS).map(([name, fields]) => [name, fields!.map((f) => f.field)] as const),
      ...Object.entries(CONFINED_BY_BACKEND).map(([name, confined]) => [name, [confined!.field]] as const),
    ]);
    expect(found).toEqual(covered);
    expect(Object.keys(found)).toContain('anchors.export');
  });
});
