import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPackEvents, renderPackManifest } from '../../db/label-packs';
import { LABEL_PACK_EVENTS_FILE, LABEL_PACK_FORMAT, LABEL_PACK_VERSION, type LabelPackEvent } from '../../shared/api/exchange-ops';
import type { LabelValue } from '../../shared/domain/dimensions';

const CASE_STEPS: [string, LabelValue][] = [['answerability', 'answerable'], ['questionType', 'how-to'], ['claims', []]];
const RESPONSE_STEPS: [string, LabelValue][] = [['responseBehavior', 'answered'], ['refusalCorrect', 'correct'], ['correctness', 2], ['faithfulness', 1], ['failureLayer', 'none']];

/** Events a generated pack holds per case: every step of a case with one response. */
export const PACK_EVENTS_PER_CASE = CASE_STEPS.length + RESPONSE_STEPS.length;

/**
 * A reviewer's label pack over cases `case-0`.. with one response each (`resp-0`..): every step of
 * each case labeled, as a teammate who finished them would export it (sealed with its sha256).
 */
export function writeGeneratedPack(dir: string, testSetId: string, reviewer: string, cases: number): number {
  const events: LabelPackEvent[] = [];
  const event = (caseId: string, responseId: string | null, dimension: string, value: LabelValue, createdAt: string): LabelPackEvent => ({
    uid: `${reviewer}-${events.length}`, caseId, responseId, dimension, value, reviewer, createdAt, reason: null, kind: 'set', undoesUid: null,
  });
  for (let i = 0; i < cases; i += 1) {
    const createdAt = new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString();
    for (const [dimension, value] of CASE_STEPS) events.push(event(`case-${i}`, null, dimension, value, createdAt));
    for (const [dimension, value] of RESPONSE_STEPS) events.push(event(`case-${i}`, `resp-${i}`, dimension, value, createdAt));
  }
  mkdirSync(dir, { recursive: true });
  const body = Buffer.from(renderPackEvents(events));
  writeFileSync(join(dir, LABEL_PACK_EVENTS_FILE), body);
  writeFileSync(join(dir, 'manifest.json'), renderPackManifest({
    format: LABEL_PACK_FORMAT, formatVersion: LABEL_PACK_VERSION, reviewer, testSetId, eventCount: events.length, createdAt: events.at(-1)?.createdAt ?? null,
    file: { name: LABEL_PACK_EVENTS_FILE, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') },
  }));
  return events.length;
}
