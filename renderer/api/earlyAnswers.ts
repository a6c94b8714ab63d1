/**
 * Answers asked for before anyone asks: at a cold open the reads the first screen needs are sent the moment
 * the first script runs, so the backend answers them while the page is still being parsed and built. An
 * answer is handed to the first call for exactly it (same operation, same input), once; one nobody claimed
 * within a few seconds, or from before another test set was opened, is dropped (it may be out of date).
 */
const FRESH_MS = 5_000;

const answers = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Object keys in a stable order, so an input built in another order is the same call. */
function keyOf(name: string, input: unknown): string {
  const stable = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(stable);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, stable((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  return `${name} ${JSON.stringify(stable(input ?? {}))}`;
}

export function keepEarlyAnswer(name: string, input: unknown, answer: Promise<unknown>): void {
  // a failure nobody claims is not an unhandled rejection; the one who claims it still sees it
  answer.catch(() => undefined);
  answers.set(keyOf(name, input), { at: performance.now(), answer });
}

export function takeEarlyAnswer(name: string, input: unknown): Promise<unknown> | undefined {
  if (answers.size === 0) return undefined;
  const key = keyOf(name, input);
  const kept = answers.get(key);
  if (!kept) return undefined;
  answers.delete(key);
  return performance.now() - kept.at <= FRESH_MS ? kept.answer : undefined;
}

export function dropEarlyAnswers(): void {
  answers.clear();
}
