import { ApiError, contract, type Envelope, type Handlers, type OpName } from '../shared/api/contract';
import { checkCall, unexpectedError } from '../shared/api/validate';
import { storageFaultBody } from './storage-errors';

export type Dispatch = (name: string, input: unknown) => Promise<Envelope<unknown>>;

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
    const call = checkCall(name, rawInput);
    if (!call.ok) return { ok: false, error: call.error };
    const spec = contract[call.name];
    const parsed = { data: call.input };
    try {
      const handler = handlers[call.name] as (input: unknown) => unknown;
      const value = spec.output.parse(await handler(parsed.data));
      return { ok: true, value };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error: error.toBody() };
      const fault = storageFaultBody(error, storageFile(call.name, parsed.data), call.name);
      if (fault) return { ok: false, error: fault };
      onInternalError(error);
      return { ok: false, error: unexpectedError(call.name, error) };
    }
  };
}
