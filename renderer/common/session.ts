/**
 * The session: the test set open in the window and the reviewer at the keyboard. It owns every reset that
 * follows a change of either. Each store whose state belongs to one session registers its reset here, once,
 * where it is defined; opening another test set, restoring a backup into the open one, or choosing another
 * reviewer then resets through this module alone — not through whichever component happens to be mounted.
 */

/** 'test-set': what belongs to the open file's contents; 'reviewer': what belongs to the person labeling. */
export type SessionScope = 'test-set' | 'reviewer';

export interface Session {
  testSetId: string | null;
  reviewerId: number | null;
}

type Reset = (session: Session) => void;

const resets: { scope: SessionScope; reset: Reset }[] = [];
const session: Session = { testSetId: null, reviewerId: null };

/** Registers what to reset when the session changes in this scope (a test-set change also resets every 'reviewer' scope). */
export function onSessionReset(scope: SessionScope, reset: Reset): void {
  resets.push({ scope, reset });
}

export function currentSession(): Readonly<Session> {
  return session;
}

function run(scopes: readonly SessionScope[]): void {
  const now = { ...session };
  for (const { scope, reset } of resets) if (scopes.includes(scope)) reset(now);
}

/**
 * A test set was opened — another file, the same file again, or the open one restored from a backup (same
 * id, other contents): everything of the last session is reset, the reviewer too.
 */
export function testSetOpened(testSetId: string | null): void {
  session.testSetId = testSetId;
  session.reviewerId = null;
  run(['test-set', 'reviewer']);
}

/** Another reviewer is at the keyboard (or none): what belongs to the last one is reset. The same one again changes nothing. */
export function reviewerChosen(reviewerId: number | null): void {
  if (session.reviewerId === reviewerId) return;
  session.reviewerId = reviewerId;
  run(['reviewer']);
}
