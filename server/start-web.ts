import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBackend } from './backend';
import { startHttpBridge, tokenProblem } from './http-bridge';
import { appVersion } from './app-version';

/** Browser mode: `npm run start:web [-- --port N --data-dir DIR --db FILE]`. */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.TOUCHSTONE_PORT ?? '0' },
    'data-dir': { type: 'string', default: process.env.TOUCHSTONE_DATA_DIR ?? join(homedir(), '.touchstone') },
    db: { type: 'string' },
    token: { type: 'string', default: process.env.TOUCHSTONE_TOKEN },
  },
});

// an empty or short token (TOUCHSTONE_TOKEN= in a script) would let anyone on this machine in
const tokenIssue = values.token === undefined ? null : tokenProblem(values.token);
if (tokenIssue) {
  console.error(`Touchstone cannot start: ${tokenIssue} (--token or TOUCHSTONE_TOKEN). Leave it unset for a random one.`);
  process.exit(1);
}

/** A file that cannot be opened (damaged, newer, not SQLite) is one sentence and exit 1, never a stack trace. */
async function startBackend() {
  try {
    return await createBackend({
      dataDir: resolve(values['data-dir']!),
      mode: 'browser',
      version: appVersion(),
      initialTestSet: values.db ? resolve(values.db) : undefined,
    });
  } catch (error) {
    console.error(`Touchstone cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}

const backend = await startBackend();
const bridge = await startHttpBridge({
  dispatch: backend.dispatch,
  staticDir: fileURLToPath(new URL('../dist/renderer/', import.meta.url)),
  port: Number(values.port),
  token: values.token,
  onLaunchCodeUsed: () => console.log(`The link was used (it works once). For another tab open:\n  ${bridge.launchUrl()}`),
});
console.log(`Touchstone is running in browser mode. Open (the link works once; the tab keeps its session):\n  ${bridge.url}`);
console.log(`Test set: ${backend.session.info()?.path ?? '(none)'}`);

const shutdown = async () => {
  await bridge.close();
  await backend.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
