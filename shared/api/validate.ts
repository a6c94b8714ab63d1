import type { z } from 'zod';
import { ApiError, contract, isOpName, OP_NAMES, type ApiErrorBody, type OpName } from './contract';
import { describeIssue as issueProblem } from '../import/issues';
import { text, type LocalText } from '../messages/text';

/**
 * The one check of a call against the contract, used by the backend's dispatcher and by the desktop's
 * main process alike, so both transports refuse a call in the same words.
 */
export type CheckedCall = { ok: true; name: OpName; input: unknown } | { ok: false; error: ApiErrorBody };

/** The first problem of a value a schema refused, with its field, as a sentence still to be worded. */
export function describeIssue(schema: z.ZodType, value: unknown): { field: string | null; text: LocalText } {
  // parsed again with its input, so the sentence can show what was found
  const issue = schema.safeParse(value, { reportInput: true }).error!.issues[0];
  const problem = issueProblem(issue, schema);
  const field = issue.path.map(String).join('.') || null;
  return { field, text: field ? text('err.api.field', { field, problem: problem.message }) : problem.message };
}

/** The name must be an operation and the input must parse with its schema; the parsed value (defaults applied) travels on. */
export function checkCall(name: unknown, input: unknown): CheckedCall {
  if (!isOpName(name)) {
    return { ok: false, error: new ApiError('invalid-input', text('err.api.unknown-op', { name: typeof name === 'string' ? name : String(name) })).toBody() };
  }
  const parsed = contract[name].input.safeParse(input ?? {});
  if (!parsed.success) {
    const problem = describeIssue(contract[name].input, input ?? {});
    return {
      ok: false,
      error: new ApiError('invalid-input', text('err.api.invalid-input', { op: name, problem: problem.text }), { file: name, line: null, field: problem.field }).toBody(),
    };
  }
  return { ok: true, name, input: parsed.data };
}

export function unexpectedError(name: string, error: unknown): ApiErrorBody {
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError('internal', text('err.api.unexpected', { op: name, message })).toBody();
}

/** Operations that write the open test set directly and so must wait for a running import, merge or backup. */
export const WAITING_WRITES: readonly OpName[] = OP_NAMES.filter((name) => (contract[name] as { writes?: unknown }).writes === true);

/** Operations only the desktop's main process answers (native dialogs, the menu). */
export const HOST_ONLY_OPS: readonly OpName[] = OP_NAMES.filter((name) => (contract[name] as { hostOnly?: unknown }).hostOnly === true);
export const isHostOnly = (name: OpName): boolean => HOST_ONLY_OPS.includes(name);
