import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callWeb as call, killWebProcess as kill, startWebProcess } from '../helpers/web-process';

/**
 * Crash loop: the real browser-mode server on a real file, labeling through
 * the API, SIGKILLed at random moments 50 times. After every kill the file
 * passes integrity_check and every label the API acknowledged is there.
 */
const TOKEN = 'crash-loop-token';
const KILLS = 50;

describe('crash loop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'touchstone-crash-'));
  const db = join(dir, 'crash.sqlite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`loses no acknowledged label across ${KILLS} SIGKILLs`, async () => {
    let server = await startWebProcess(join(dir, 'data'), db, TOKEN);
    // a test set with the demo's cases, and one reviewer
    const demo = await call<{ path: string }>(server, 'testSets.openDemo', {});
    await kill(server);
    rmSync(db, { force: true });
    const { copyFileSync } = await import('node:fs');
    copyFileSync(demo.path, db);
    server = await startWebProcess(join(dir, 'data'), db, TOKEN);
    const reviewer = await call<{ id: number }>(server, 'reviewers.create', { name: 'Crash Tester' });
    const cases = (await call<{ rows: { id: string }[] }>(server, 'cases.list', { filters: {}, offset: 0, limit: 1000 })).rows.map((r) => r.id);
    const values = ['answerable', 'unanswerable', 'false-premise', 'underspecified', 'restricted'];

    const acknowledged = new Map<string, { eventId: number; value: string }>();
    let sent = 0;
    let acknowledgedCount = 0;
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

    const remember = (caseId: string, value: string, saved: { eventId: number }) => {
      acknowledgedCount += 1;
      const previous = acknowledged.get(caseId);
      if (!previous || previous.eventId < saved.eventId) acknowledged.set(caseId, { eventId: saved.eventId, value });
    };

    for (let round = 0; round < KILLS; round += 1) {
      // every life of the server acknowledges at least one label before the kill, however slow the machine
      const firstCase = cases[round % cases.length];
      remember(firstCase, values[round % values.length], await call<{ eventId: number }>(server, 'labels.record', {
        reviewerId: reviewer.id, caseId: firstCase, responseId: null, dimension: 'answerability', value: values[round % values.length],
      }));
      const killAfterMs = 20 + Math.floor(random() * 200);
      const started = Date.now();
      const inFlight: Promise<void>[] = [];
      while (Date.now() - started < killAfterMs) {
        const caseId = cases[Math.floor(random() * cases.length)];
        const value = values[Math.floor(random() * values.length)];
        sent += 1;
        const request = call<{ eventId: number }>(server, 'labels.record', { reviewerId: reviewer.id, caseId, responseId: null, dimension: 'answerability', value })
          .then((saved) => remember(caseId, value, saved))
          .catch(() => {
            // killed in flight: not acknowledged, so nothing is owed
          });
        inFlight.push(request);
        if (inFlight.length % 4 === 0) await Promise.race([request, new Promise((r) => setTimeout(r, 5))]);
      }
      await kill(server);
      await Promise.allSettled(inFlight);

      const file = new Database(db);
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      const current = file.prepare(
        `SELECT c.id AS caseId, e.id AS eventId, e.value FROM label_events e JOIN cases c ON c.seq = e.case_seq
          WHERE e.id IN (SELECT max(id) FROM label_events WHERE reviewer_id = ? AND dimension = 'answerability' GROUP BY case_seq)`,
      ).all(reviewer.id) as { caseId: string; eventId: number; value: string }[];
      file.close();
      const byCase = new Map(current.map((row) => [row.caseId, row]));
      for (const [caseId, ack] of acknowledged) {
        const row = byCase.get(caseId);
        expect(row, `label on ${caseId} acknowledged as event ${ack.eventId}`).toBeDefined();
        // the acknowledged event is there; a later, unacknowledged one may have landed on top of it
        expect(row!.eventId).toBeGreaterThanOrEqual(ack.eventId);
        if (row!.eventId === ack.eventId) expect(JSON.parse(row!.value)).toBe(ack.value);
      }
      server = await startWebProcess(join(dir, 'data'), db, TOKEN);
    }
    const history = await call<unknown[]>(server, 'labels.history', { caseId: cases[0] });
    expect(Array.isArray(history)).toBe(true);
    await kill(server);
    console.log(`crash loop: ${KILLS} kills, ${sent} labels sent, ${acknowledgedCount} acknowledged, all ${acknowledgedCount} recovered (latest on ${acknowledged.size} cases checked after every kill)`);
    expect(acknowledgedCount).toBeGreaterThanOrEqual(KILLS);
  }, 600_000);
});
