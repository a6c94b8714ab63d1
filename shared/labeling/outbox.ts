import { z } from 'zod';
import { LabelValueSchema } from '../domain/dimensions';
import { QueueSpecSchema } from '../api/labeling-ops';

/**
 * Labels given but not confirmed written yet, oldest first. Every label goes
 * through here and is sent in order; each carries a uid made when it was
 * given, so sending one again (after a lost answer, a full disk, a reload of
 * the window) writes it at most once. Pure: the renderer store holds one and
 * mirrors it to local storage.
 */

export const PendingLabelSchema = z.object({
  uid: z.string().min(1),
  reviewerId: z.number().int().positive(),
  caseId: z.string().min(1),
  responseId: z.string().nullable(),
  dimension: z.string().min(1),
  value: LabelValueSchema,
  reason: z.string().nullable(),
  givenAt: z.string(),
  /** The queue and step the reviewer goes on from, written with the label (absent for labels given outside a queue). */
  resume: z.object({ queue: QueueSpecSchema, step: z.number().int().min(0) }).nullish(),
  /**
   * Sent at least once without an answer saying it was not written (the
   * answer was lost, or the window closed while it was on its way): it may be
   * in the file already. Stored outboxes written before this flag existed
   * cannot tell, so a missing flag reads as sent.
   */
  attempted: z.boolean().default(true),
});
export type PendingLabel = z.infer<typeof PendingLabelSchema>;
/** A label as given, before the outbox has sent it. */
export type NewLabel = Omit<PendingLabel, 'attempted'>;

export type Outbox = readonly PendingLabel[];

const StoredOutboxSchema = z.object({ version: z.literal(1), entries: z.array(PendingLabelSchema) });

/** Local storage keeps one outbox per test set and per tab (a tab keeps its id across reloads), so two tabs never overwrite each other's. */
export const outboxKeyPrefix = (testSetId: string) => `touchstone.labelOutbox.${testSetId}.`;
export const outboxStorageKey = (testSetId: string, tabId: string) => `${outboxKeyPrefix(testSetId)}${tabId}`;

/**
 * One outbox from several (this tab's and those left by closed tabs): every
 * label once, in the order given. Another tab still open may send some of
 * them too; their uids make that harmless.
 */
export function mergeOutboxes(outboxes: readonly Outbox[]): Outbox {
  const seen = new Map<string, number>();
  const all: PendingLabel[] = [];
  for (const outbox of outboxes) {
    for (const entry of outbox) {
      const at = seen.get(entry.uid);
      if (at === undefined) {
        seen.set(entry.uid, all.length);
        all.push(entry);
      } else if (entry.attempted && !all[at].attempted) {
        // another tab sent this one: it may be written
        all[at] = { ...all[at], attempted: true };
      }
    }
  }
  return all.map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.givenAt < b.entry.givenAt ? -1 : a.entry.givenAt > b.entry.givenAt ? 1 : a.index - b.index))
    .map(({ entry }) => entry);
}

/** Adds a label behind the others, not sent yet (a uid already waiting is not added twice). */
export function enqueue(outbox: Outbox, entry: NewLabel): Outbox {
  return outbox.some((e) => e.uid === entry.uid) ? outbox : [...outbox, { ...entry, attempted: false }];
}

/**
 * Sets whether a label may be written already: true before it is sent (and
 * kept when no answer comes back), back to what it was when the answer says
 * nothing was written (a write fault, no test set open, another test set).
 */
export function markAttempted(outbox: Outbox, uid: string, attempted: boolean): Outbox {
  return outbox.some((e) => e.uid === uid && e.attempted !== attempted)
    ? outbox.map((e) => (e.uid === uid ? { ...e, attempted } : e))
    : outbox;
}

/** The label to send next: always the oldest, so a step's labels are written in the order they were given. */
export function head(outbox: Outbox): PendingLabel | null {
  return outbox[0] ?? null;
}

/** Drops a label that was written (or refused for good). */
export function acknowledge(outbox: Outbox, uid: string): Outbox {
  return outbox.filter((e) => e.uid !== uid);
}

/**
 * Undo of a label not written yet: takes this reviewer's newest waiting label
 * out of the outbox instead of writing an undo. A label that may be in the
 * file already (being sent at this moment — `busyUid` — or sent before
 * without a definite answer) cannot be taken back this way: it comes back as
 * `writing`, and the undo has to wait until it is written.
 */
export function withdrawLast(
  outbox: Outbox, reviewerId: number, busyUid: string | null,
): { outbox: Outbox; withdrawn: PendingLabel | null; writing: PendingLabel | null } {
  for (let i = outbox.length - 1; i >= 0; i--) {
    const entry = outbox[i];
    if (entry.reviewerId !== reviewerId) continue;
    if (entry.uid === busyUid || entry.attempted) return { outbox, withdrawn: null, writing: entry };
    return { outbox: [...outbox.slice(0, i), ...outbox.slice(i + 1)], withdrawn: entry, writing: null };
  }
  return { outbox, withdrawn: null, writing: null };
}

/** The newest waiting label of one step of one reviewer. */
export function latestFor(outbox: Outbox, step: { reviewerId: number; caseId: string; dimension: string; responseId: string | null }): PendingLabel | null {
  for (let i = outbox.length - 1; i >= 0; i--) {
    const e = outbox[i];
    if (e.reviewerId === step.reviewerId && e.caseId === step.caseId && e.dimension === step.dimension && e.responseId === step.responseId) return e;
  }
  return null;
}

export function encodeOutbox(outbox: Outbox): string {
  return JSON.stringify({ version: 1, entries: outbox });
}

/** Reads a stored outbox; anything unreadable gives an empty one (and is reported, never half-used). */
export function decodeOutbox(text: string | null): { outbox: Outbox; problem: string | null } {
  if (!text) return { outbox: [], problem: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { outbox: [], problem: `not JSON: ${(error as Error).message}` };
  }
  const result = StoredOutboxSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { outbox: [], problem: `field "${issue.path.map(String).join('.')}": ${issue.message}` };
  }
  return { outbox: result.data.entries, problem: null };
}

const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30_000;

/** Wait before the n-th automatic retry (n from 1): 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1));
}
