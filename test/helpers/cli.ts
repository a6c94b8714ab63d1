import { main } from '../../cli/main';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** Runs the CLI in-process exactly as `touchstone ARGS` would, capturing its output. */
export async function cli(...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`) });
  let json: unknown = null;
  if (args.includes('--json')) {
    try {
      json = JSON.parse(stdout);
    } catch {
      json = null;
    }
  }
  return { code, stdout, stderr, json };
}
