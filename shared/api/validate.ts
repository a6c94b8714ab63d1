import { contract, isOpName, OP_NAMES, type ApiErrorBody, type OpName } from './contract';

/**
 * The one check of a call against the contract, used by the backend's dispatcher and by the desktop's
 * main process alike, so both transports refuse a call in the same words.
 */
export type CheckedCall = { ok: true; name: OpName; input: unknown } | { ok: false; error: ApiErrorBody };

export function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  return field ? `field "${field}": ${issue.message}` : issue.message;
}

/** The name must be an operation and the input must parse with its schema; the parsed value (defaults applied) travels on. */
export function checkCall(name: unknown, input: unknown): CheckedCall {
  if (!isOpName(name)) {
    return { ok: false, error: { code: 'invalid-input', message: `Unknown operation "${typeof name === 'string' ? name : String(name)}".` } };
  }
  const parsed = contract[name].input.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: {
        code: 'invalid-input',
        message: `${name}: ${describeIssue(issue)}`,
        location: { file: name, line: null, field: issue.path.map(String).join('.') || null },
      },
    };
  }
  return { ok: true, name, input: parsed.data };
}

export function unexpectedError(name: string, error: unknown): ApiErrorBody {
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `Touchstone hit an unexpected error in ${name}: ${message}` };
}

/** Operations that write the open test set directly and so must wait for a running import, merge or backup. */
export const WAITING_WRITES: readonly OpName[] = OP_NAMES.filter((name) => (contract[name] as { writes?: unknown }).writes === true);

/** Operations only the desktop's main process answers (native dialogs, the menu). */
export const HOST_ONLY_OPS: readonly OpName[] = OP_NAMES.filter((name) => (contract[name] as { hostOnly?: unknown }).hostOnly === true);
export const isHostOnly = (name: OpName): boolean => HOST_ONLY_OPS.includes(name);
