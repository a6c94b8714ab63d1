import { ApiError, contract, isOpName, type Envelope, type Handlers, type OpName } from '../shared/api/contract';
import { storageFaultBody } from './storage-errors';

export type Dispatch = (name: string, input: unknown) => Promise<Envelope<unknown>>;

function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  return field ? `field "${field}": ${issue.message}` : issue.message;
}

/**
 * Validates a call against the contract, runs its handler, and wraps the outcome in an envelope. Never throws.
 * A file that cannot be written (full disk, read-only, I/O error, locked) answers 'storage-unavailable' naming that file:
 * the path a file-system error carries, else (a SQLite error) the test-set file the call is about, `storageFile(name, input)`.
 */
export function createDispatcher(
  handlers: Handlers,
  onInternalError: (error: unknown) => void = () => {},
  storageFile: (name: OpName, input: unknown) => string | null = () => null,
): Dispatch {
  return async (name, rawInput) => {
    if (!isOpName(name)) return { ok: false, error: { code: 'invalid-input', message: `Unknown operation "${String(name)}".` } };
    const spec = contract[name];
    const parsed = spec.input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        error: { code: 'invalid-input', message: `${name}: ${describeIssue(issue)}`, location: { file: name, line: null, field: issue.path.map(String).join('.') || null } },
      };
    }
    try {
      const handler = handlers[name] as (input: unknown) => unknown;
      const value = spec.output.parse(await handler(parsed.data));
      return { ok: true, value };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error: error.toBody() };
      const fault = storageFaultBody(error, storageFile(name, parsed.data), name);
      if (fault) return { ok: false, error: fault };
      onInternalError(error);
      return { ok: false, error: { code: 'internal', message: `Touchstone hit an unexpected error in ${name}: ${(error as Error).message ?? String(error)}` } };
    }
  };
}
