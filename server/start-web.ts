import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBackend } from './backend';
import { startHttpBridge } from './http-bridge';
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

const backend = await createBackend({
  dataDir: resolve(values['data-dir']!),
  mode: 'browser',
  version: appVersion(),
  initialTestSet: values.db ? resolve(values.db) : undefined,
});
const bridge = await startHttpBridge({
  dispatch: backend.dispatch,
  staticDir: fileURLToPath(new URL('../dist/renderer/', import.meta.url)),
  port: Number(values.port),
  token: values.token,
});
console.log(`Touchstone is running in browser mode. Open:\n  ${bridge.url}`);
console.log(`Test set: ${backend.session.info()?.path ?? '(none)'}`);

const shutdown = async () => {
  await bridge.close();
  backend.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
