import { ApiError, contract, type ApiErrorBody, type Envelope, type OpName, type OpOutput } from '../shared/api/contract';
import { text as say } from '../shared/messages/text';
import { checkCall, describeIssue, HOST_ONLY_OPS, isHostOnly, unexpectedError } from '../shared/api/validate';

/**
 * What main does with one `touchstone:invoke` call, as pure functions (no
 * 'electron' import: the unit tests load this module under plain Node).
 */

export { INVOKE_CHANNEL } from './channel';

/** Operations the main process answers itself (the contract's host-only ones); everything else goes to the backend process. */
export const MAIN_PROCESS_OPS = HOST_ONLY_OPS;

export function isMainProcessOp(name: OpName): boolean {
  return isHostOnly(name);
}

export const refusedSenderEnvelope = (): Envelope<never> => ({
  ok: false,
  error: new ApiError('invalid-input', say('err.api.foreign-sender')).toBody(),
});

export function failure(error: ApiErrorBody): Envelope<never> {
  return { ok: false, error };
}

export type ValidatedCall = { ok: true; name: OpName; input: unknown } | { ok: false; envelope: Envelope<never> };

/**
 * Checks a call against the contract before it leaves main: the name must be
 * an operation, the input must parse with that operation's zod schema. The
 * parsed value (defaults applied, unknown keys stripped) is what travels on.
 * Same wording as the backend's dispatcher, so both transports refuse alike.
 */
export function validateCall(name: unknown, input: unknown): ValidatedCall {
  const call = checkCall(name, input);
  return call.ok ? call : { ok: false, envelope: failure(call.error) };
}

/** Wraps a main-side answer, checked against the contract's output schema like every backend answer. */
export function answer<N extends OpName>(name: N, value: OpOutput<N>): Envelope<unknown> {
  const parsed = contract[name].output.safeParse(value);
  if (!parsed.success) {
    return failure(new ApiError('internal', say('err.api.invalid-answer', { op: name, problem: describeIssue(contract[name].output, value).text })).toBody());
  }
  return { ok: true, value: parsed.data };
}

export function internalFailure(name: string, error: unknown): Envelope<never> {
  return failure(unexpectedError(name, error));
}
