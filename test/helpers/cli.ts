import { main } from '../../cli/main';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** Runs the CLI in-process exactly as `touchstone ARGS` would, capturing its output. */
export async function cli(...args: string[]): Promise<CliRun> {
  return cliWithStdin(new Uint8Array(), ...args);
}

/** The same, with `stdin` as the bytes of standard input (INPUT "-"). */
export async function cliWithStdin(stdin: Uint8Array, ...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`), stdin: () => stdin });
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
