import { DEFAULT_MUST_RETRIEVE, mustRetrieveOf, type MustRetrieveDefaults } from '../shared/diagnosis/agent-figures';
import { statedIdsOf, type StatedIds } from '../shared/diagnosis/claims-stated';
import { caseList, casesById, casesOfResponses } from '../shared/diagnosis/derived-once';
import { statesForbidden, type LayerResponse, type LayersInput } from '../shared/diagnosis/layers-report';
import { responseFacts, type FactsContext } from '../shared/diagnosis/response-facts';
import type { DiagnosisInput, DxResponse } from '../shared/diagnosis/types';
import type { StopState, ToolCall } from '../shared/domain/schemas';
import { decodeLabelValue } from '../shared/labeling/values';
import { diagnosisInput, onlyResponses } from './diagnosis';
import type { Db } from './open';
import { factsContext, type FactsCost } from './response-facts';
import { readSetting } from './settings';

/** Reads what the data, permission and agent layers need, on top of the diagnosis input of the Diagnosis screen. */

export const MUST_RETRIEVE_KEY = 'must_retrieve_types';

export function mustRetrieveDefaults(db: Db): MustRetrieveDefaults {
  return readSetting<MustRetrieveDefaults>(db, MUST_RETRIEVE_KEY) ?? DEFAULT_MUST_RETRIEVE;
}

/**
 * failureLayer per response id: people's value (adjudicated, else the reviewers' when they agree) and the
 * latest judge run's; of every response of the system, or of some (`seqs`).
 */
function failureLayers(db: Db, system: string, seqs: readonly number[] | null = null): { human: Map<string, string>; judge: Map<string, string> } {
  const narrowed = onlyResponses(seqs);
  const only = narrowed.sql;
  const args = [system, ...narrowed.args];
  const latest = new Map<string, unknown>();
  const events = db
    .prepare(
      `SELECT r.id, x.reviewer_id, x.value FROM label_events x JOIN responses r ON r.seq = x.response_seq
        WHERE r.system = ? AND x.dimension = 'failureLayer'${only} ORDER BY x.id`,
    )
    .raw()
    .iterate(...args) as Iterable<[string, number, string | null]>;
  for (const [responseId, reviewer, value] of events) latest.set(`${responseId}\u0000${reviewer}`, decodeLabelValue(value));
  const byResponse = new Map<string, unknown[]>();
  for (const [key, value] of latest) {
    if (value === null) continue;
    const id = key.slice(0, key.indexOf('\u0000'));
    byResponse.set(id, [...(byResponse.get(id) ?? []), value]);
  }
  const human = new Map<string, string>();
  for (const [id, values] of byResponse) if (values.every((v) => v === values[0]) && typeof values[0] === 'string') human.set(id, values[0]);
  const adjudicated = db
    .prepare(`SELECT r.id, x.value FROM adjudications x JOIN responses r ON r.seq = x.response_seq WHERE r.system = ? AND x.dimension = 'failureLayer'${only} ORDER BY x.id`)
    .raw()
    .all(...args) as [string, string][];
  for (const [id, value] of adjudicated) {
    const decoded = decodeLabelValue(value);
    if (typeof decoded === 'string') human.set(id, decoded);
  }
  const judge = new Map<string, string>();
  const verdicts = db
    .prepare(`SELECT r.id, x.value FROM verdicts x JOIN responses r ON r.seq = x.response_seq WHERE r.system = ? AND x.dimension = 'failureLayer'${only} ORDER BY x.run_id, x.id`)
    .raw()
    .all(...args) as [string, string][];
  for (const [id, value] of verdicts) {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed === 'string') judge.set(id, parsed);
  }
  return { human, judge };
}

/** What a response's case gives the figures of its layers. */
interface CaseFields {
  caseScope: string[];
  answerability: string | null;
  caseSlices: string[];
  mustRetrieve: boolean | null;
  /** What a "stated" value of it marks. */
  ids: StatedIds;
  asOf: string | null;
}

/** `base`: the system's diagnosis input when the caller has just read it (the page computes both reports from one read). */
export function layersInput(db: Db, system: string, base: DiagnosisInput = diagnosisInput(db, system)): LayersInput {
  const defaults = mustRetrieveDefaults(db);
  const caseRows = new Map(
    (db.prepare('SELECT seq, id, as_of, must_retrieve, question_type FROM cases').all() as { seq: number; id: string; as_of: string | null; must_retrieve: number | null; question_type: string | null }[]).map((r) => [r.id, r]),
  );
  const slices = new Map<number, string[]>();
  for (const [caseSeq, slice] of db.prepare('SELECT case_seq, slice FROM case_slices ORDER BY case_seq, position').raw().iterate() as Iterable<[number, string]>) {
    const list = slices.get(caseSeq);
    if (list) list.push(slice);
    else slices.set(caseSeq, [slice]);
  }
  // each response's case as the report half finds it (its place when that holds its id, else by id)
  const byId = casesById(base.cases);
  const { slots } = casesOfResponses(base.responses, byId);
  const cases = caseList(byId);
  const caseFields = cases.map((c): CaseFields => {
    const row = caseRows.get(c.caseId);
    return {
      caseScope: c.accessScope,
      answerability: c.answerability,
      caseSlices: row ? (slices.get(row.seq) ?? []) : [],
      mustRetrieve: mustRetrieveOf({ mustRetrieve: row?.must_retrieve == null ? null : row.must_retrieve === 1, questionType: c.questionType }, defaults),
      ids: statedIdsOf(c),
      asOf: row?.as_of ?? null,
    };
  });
  // without kept facts (the retrieval index awaits a rebuild) they are worked out here from the stored lists,
  // trajectory and cost, as the facts are
  const unkept = base.responses.some((r, i) => !r.facts && slots[i] >= 0);
  const extra = unkept
    ? new Map((db.prepare('SELECT id, stop_state, trajectory, cost FROM responses WHERE system = ?').all(system) as ExtraRow[]).map((r) => [r.id, r]))
    : new Map<string, ExtraRow>();
  let context: FactsContext | null = null;
  const { human, judge } = failureLayers(db, system);
  const responses: LayerResponse[] = [];
  for (let i = 0; i < base.responses.length; i++) {
    const r = base.responses[i];
    // a response without its case (a file written with its foreign keys off) is in no figure
    if (slots[i] < 0) continue;
    const c = caseFields[slots[i]];
    let facts = r.facts;
    if (!facts) {
      const row = extra.get(r.responseId);
      facts = responseFacts(
        {
          response: r,
          trajectory: row ? (JSON.parse(row.trajectory) as ToolCall[]) : [],
          cost: row?.cost ? (JSON.parse(row.cost) as FactsCost) : null,
          stopState: (row?.stop_state ?? null) as StopState | null,
        },
        cases[slots[i]],
        c.asOf,
        (context ??= factsContext(db, base.documents)),
      );
    }
    const { agent } = facts;
    // one literal per response of one shape, its facts' parts passed as they are (a spread copy of a
    // shared part, or of the facts, cost seconds of CPU at 100,000 responses)
    responses.push({
      responseId: r.responseId, caseId: r.caseId, system, condition: r.condition,
      caseScope: c.caseScope, answerability: c.answerability, caseSlices: c.caseSlices, mustRetrieve: c.mustRetrieve,
      stale: facts.stale, leaks: facts.leaks, suggestions: facts.suggestions,
      correct: r.correct ? r.correct.value : null, statesForbidden: statesForbidden(r.stated, c.ids),
      humanLayer: human.get(r.responseId) ?? null, judgeLayer: judge.get(r.responseId) ?? null,
      retrievalCalled: agent.retrievalCalled, stopState: agent.stopState, searches: agent.searches, tokens: agent.tokens, latencyMs: agent.latencyMs,
    });
  }
  return { system, responses };
}

type ExtraRow = { id: string; stop_state: string | null; trajectory: string; cost: string | null };

/**
 * Layer responses of a system with their labels read again (`relabeled`: the same responses of the
 * diagnosis input, already read again; `idsOf`: what a "stated" value of a case marks), each a new object
 * beside the one it replaces.
 */
export function relayered(
  db: Db,
  system: string,
  seqs: readonly number[],
  relabeled: ReadonlyMap<string, DxResponse>,
  kept: (responseId: string) => LayerResponse | undefined,
  idsOf: (caseId: string) => StatedIds | undefined,
): Map<string, LayerResponse> {
  const { human, judge } = failureLayers(db, system, seqs);
  const out = new Map<string, LayerResponse>();
  for (const [id, r] of relabeled) {
    const was = kept(id);
    const ids = idsOf(r.caseId);
    if (was && ids) {
      out.set(id, {
        ...was, correct: r.correct ? r.correct.value : null, statesForbidden: statesForbidden(r.stated, ids),
        humanLayer: human.get(id) ?? null, judgeLayer: judge.get(id) ?? null,
      });
    }
  }
  return out;
}
