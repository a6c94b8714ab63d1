import { contract, isOpName, type ApiErrorBody, type Envelope, type OpName, type OpOutput } from '../shared/api/contract';

/**
 * What main does with one `touchstone:invoke` call, as pure functions (no
 * 'electron' import: the unit tests load this module under plain Node).
 */

export { INVOKE_CHANNEL } from './channel';

/** Operations the main process answers itself (native dialogs, the menu); everything else goes to the backend process. */
export const MAIN_PROCESS_OPS = ['dialog.pickPath', 'ui.nextMenuCommand'] as const satisfies readonly OpName[];
export type MainProcessOp = (typeof MAIN_PROCESS_OPS)[number];

export function isMainProcessOp(name: OpName): name is MainProcessOp {
  return (MAIN_PROCESS_OPS as readonly string[]).includes(name);
}

export const refusedSenderEnvelope = (): Envelope<never> => ({
  ok: false,
  error: { code: 'invalid-input', message: 'Refused: this call did not come from the Touchstone window.' },
});

export function failure(error: ApiErrorBody): Envelope<never> {
  return { ok: false, error };
}

export type ValidatedCall = { ok: true; name: OpName; input: unknown } | { ok: false; envelope: Envelope<never> };

function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  return field ? `field "${field}": ${issue.message}` : issue.message;
}

/**
 * Checks a call against the contract before it leaves main: the name must be
 * an operation, the input must parse with that operation's zod schema. The
 * parsed value (defaults applied, unknown keys stripped) is what travels on.
 * Same wording as the backend's dispatcher, so both transports refuse alike.
 */
export function validateCall(name: unknown, input: unknown): ValidatedCall {
  if (!isOpName(name)) {
    return { ok: false, envelope: failure({ code: 'invalid-input', message: `Unknown operation "${typeof name === 'string' ? name : String(name)}".` }) };
  }
  const parsed = contract[name].input.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      envelope: failure({
        code: 'invalid-input',
        message: `${name}: ${describeIssue(issue)}`,
        location: { file: name, line: null, field: issue.path.map(String).join('.') || null },
      }),
    };
  }
  return { ok: true, name, input: parsed.data };
}

/** Wraps a main-side answer, checked against the contract's output schema like every backend answer. */
export function answer<N extends OpName>(name: N, value: OpOutput<N>): Envelope<unknown> {
  const parsed = contract[name].output.safeParse(value);
  if (!parsed.success) {
    return failure({ code: 'internal', message: `Touchstone produced an invalid answer for ${name}: ${describeIssue(parsed.error.issues[0])}` });
  }
  return { ok: true, value: parsed.data };
}

export function internalFailure(name: string, error: unknown): Envelope<never> {
  const message = error instanceof Error ? error.message : String(error);
  return failure({ code: 'internal', message: `Touchstone hit an unexpected error in ${name}: ${message}` });
}
