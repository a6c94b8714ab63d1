import { readFileSync } from 'node:fs';

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return process.env.TOUCHSTONE_VERSION ?? '0.0.0';
  }
}
