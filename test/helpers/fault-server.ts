import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBackend } from '../../server/backend';
import { startHttpBridge } from '../../server/http-bridge';

/**
 * Browser mode for tests that need the test-set file to refuse writes for
 * real: the same backend and bridge as `server/start-web.ts`, plus commands on
 * stdin (never over HTTP) that act on the backend's own SQLite connection:
 *   read-only  PRAGMA query_only = ON: every write fails with SQLITE_READONLY
 *   writable   PRAGMA query_only = OFF
 *   disk-full  PRAGMA max_page_count = the file's size: a write needing a new page fails with SQLITE_FULL
 *   space      PRAGMA max_page_count back to the maximum
 * Each command answers `ok <command>` on stdout.
 */
const { values } = parseArgs({ options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, token: { type: 'string' } } });

const backend = await createBackend({ dataDir: values['data-dir']!, mode: 'browser', version: 'fault-test' });
const bridge = await startHttpBridge({
  dispatch: backend.dispatch,
  staticDir: fileURLToPath(new URL('../../dist/renderer/', import.meta.url)),
  port: Number(values.port),
  token: values.token,
});
console.log(`Touchstone (fault test) is running: ${bridge.url}`);

const commands: Record<string, () => void> = {
  'read-only': () => backend.session.require().db.pragma('query_only = ON'),
  writable: () => backend.session.require().db.pragma('query_only = OFF'),
  'disk-full': () => {
    const db = backend.session.require().db;
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  },
  space: () => backend.session.require().db.pragma('max_page_count = 1073741823'),
};

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = commands[line.trim()];
  if (!command) {
    console.log(`unknown ${line.trim()}`);
    return;
  }
  command();
  console.log(`ok ${line.trim()}`);
});

process.on('SIGTERM', async () => {
  await bridge.close();
  await backend.close();
  process.exit(0);
});
