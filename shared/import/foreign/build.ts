import { z } from 'zod';
import { CaseSchema, DocumentSchema, ResponseSchema, VerdictSchema, type ContextChunk, type ImportKind, type JudgeConfig } from '../../domain/schemas';
import type { Collector } from '../collector';
import { ImportDataError, quoteList } from '../errors';
import { describeIssue } from '../issues';
import { text as say } from '../../messages/text';
import { shortHash } from '../hash';
import type { Progress } from '../native';
import { FieldReader } from './field-reader';
import { metricSlug } from './metric-slug';
import type { ForeignFormat, ForeignRecord, SourceRow } from './record';

/** The judge of a foreign results file, as given on the command line or in the import dialog. */
export interface JudgeInput {
  model?: string | null;
  version?: string | null;
  promptVersion?: string | null;
}

export interface ForeignOptions {
  kind: ImportKind;
  system: string;
  judge?: JudgeInput | null;
}

/** What a foreign file held and what became of it, for the import summary. */
export interface ForeignReport {
  /** Fields the reader took (mapped or kept as metadata). */
  read: string[];
  /** Fields it did not use, with the number of records that had them. */
  unused: { field: string; records: number; reason: 'unmapped' | 'judge-score' }[];
  /** One entry per metric: its dimension, how many scores became verdicts, how many were empty. */
  metrics: { metric: string; dimension: string; scores: number; empty: number; min: number | null; max: number | null }[];
}

const TITLE_LENGTH = 60;

/** Title of a document made from context text: its first ~60 characters on one line. */
export function titleFromText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_LENGTH) return flat;
  const cut = flat.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return (space > TITLE_LENGTH * 0.6 ? cut.slice(0, space) : cut) + '…';
}

export const contextDocId = (text: string) => `ctx-${shortHash(text)}`;

/** Fields holding only numbers (or nothing) in every record: where a results file keeps its scores. */
function numericKeys(rows: readonly SourceRow[]): Set<string> {
  const numeric = new Set<string>();
  const not = new Set<string>();
  for (const row of rows) {
    for (const [k, v] of Object.entries(row.values)) {
      if (not.has(k) || v === null || v === undefined) continue;
      const t = typeof v === 'string' ? v.trim() : v;
      if (t === '' || (typeof t === 'string' && /^(nan|none|null)$/i.test(t))) continue;
      if ((typeof t === 'number' && Number.isFinite(t)) || (typeof t === 'string' && Number.isFinite(Number(t)))) numeric.add(k);
      else { not.add(k); numeric.delete(k); }
    }
  }
  return numeric;
}

/**
 * Turns the records of a foreign file into cases (with their contexts as
 * documents), responses, and, for a judge import, one verdict per score.
 */
export function readForeignRows(
  rows: SourceRow[], fmt: ForeignFormat, collector: Collector, options: ForeignOptions, progress: Progress,
): ForeignReport {
  const file = collector.fileName;
  if (rows.length === 0) throw new ImportDataError(file, null, null, say('err.import.no-records', { format: fmt.label }));
  const numeric = numericKeys(rows);
  const read = new Set<string>();
  const unused = new Map<string, number>();
  const metrics = new Map<string, ForeignReport['metrics'][number]>();
  const cases = new Map<string, { reference: string | undefined; systems: Set<string> }>();
  const idCounts = new Map<string, number>();
  const judgeScores: { caseId: string; responseId: string | null; dimension: string; value: number; reason?: string | null; threshold?: number | null; model?: string | null; line: number; field: string }[] = [];
  let done = 0;

  for (const row of rows) {
    const r = new FieldReader(row, file, fmt.csvList, numeric);
    const rec = fmt.read(r);
    requireQuery(rec, r, fmt);
    for (const k of Object.keys(row.values)) if (!r.unused().includes(k) && r.has(k)) read.add(k);
    for (const k of r.unused()) unused.set(k, (unused.get(k) ?? 0) + 1);

    const system = rec.system?.trim() || options.system;
    const caseId = caseIdOf(rec, fmt, cases, idCounts, system);
    const known = cases.get(caseId);
    if (!known || !known.systems.has(system)) {
      addCaseAndResponse(rec, fmt, caseId, system, row, collector, !known);
      if (known) known.systems.add(system);
      else cases.set(caseId, { reference: rec.reference, systems: new Set([system]) });
    }
    const responseId = rec.response !== undefined ? `${caseId}@${system}` : null;

    const slugs = new Map<string, number>();
    for (const score of rec.scores ?? []) {
      let dimension = metricSlug(score.metric);
      // Two assertions of one kind on one test (two llm-rubric checks): the second is dimension_2.
      const n = (slugs.get(dimension) ?? 0) + 1;
      slugs.set(dimension, n);
      if (n > 1) dimension = `${dimension}_${n}`;
      const m = metrics.get(dimension) ?? { metric: score.metric, dimension, scores: 0, empty: 0, min: null, max: null };
      metrics.set(dimension, m);
      if (score.value === null) { m.empty += 1; continue; }
      m.scores += 1;
      m.min = m.min === null ? score.value : Math.min(m.min, score.value);
      m.max = m.max === null ? score.value : Math.max(m.max, score.value);
      judgeScores.push({ caseId, responseId, dimension, value: score.value, reason: score.reason, threshold: score.threshold, model: score.model, line: r.lineOf(score.field.split('.')[0]), field: score.field });
    }
    progress(++done, rows.length);
  }

  const scoreFields = new Set([...metrics.values()].map((m) => m.metric));
  const report: ForeignReport = {
    read: [...read],
    unused: [...unused].filter(([field]) => !(options.kind === 'judge' && scoreFields.has(field))).map(([field, records]) => ({ field, records, reason: 'unmapped' as const })),
    metrics: [...metrics.values()],
  };
  if (options.kind !== 'judge') {
    // Scores are a judge run: kept out of a cases import, but said so.
    for (const m of report.metrics) report.unused.push({ field: m.metric, records: m.scores + m.empty, reason: 'judge-score' });
    for (const m of report.metrics) read.delete(m.metric);
    report.read = [...read];
    report.metrics = [];
    return report;
  }
  if (judgeScores.length === 0) {
    throw new ImportDataError(file, null, null, metrics.size
      ? say('err.foreign.no-scores-empty', { format: fmt.label, metrics: quoteList([...metrics.values()].map((m) => m.metric)) })
      : say('err.foreign.no-scores', { format: fmt.label }));
  }
  const judge = judgeOf(judgeScores, options.judge ?? null, fmt, file);
  for (const s of judgeScores) {
    const verdict = VerdictSchema.parse({
      caseId: s.caseId, responseId: s.responseId, judge, dimension: s.dimension, value: s.value,
      rationale: s.reason ?? null, threshold: s.threshold ?? null,
    });
    collector.addVerdict(verdict, s.line);
  }
  return report;
}

function requireQuery(rec: ForeignRecord, r: FieldReader, fmt: ForeignFormat): void {
  if (rec.query !== undefined && rec.query.trim() !== '') return;
  throw new ImportDataError(r.file, r.lineOf(rec.queryField), rec.queryField,
    say(rec.query === undefined ? 'err.import.question-missing' : 'err.import.question-empty', { format: fmt.label, field: rec.queryField }));
}

/**
 * The tool's own id when it has one; else a stable id from the question. A
 * repeated question is the same case when it is another system's answer to
 * it (promptfoo runs each test through each provider), else -2, -3, ….
 */
function caseIdOf(
  rec: ForeignRecord, fmt: ForeignFormat, cases: Map<string, { reference: string | undefined; systems: Set<string> }>,
  idCounts: Map<string, number>, system: string,
): string {
  if (rec.id) return rec.id.trim();
  const base = `${fmt.idPrefix}-${shortHash(rec.query!)}`;
  const first = cases.get(base);
  if (first && !first.systems.has(system) && first.reference === rec.reference) return base;
  const seen = (idCounts.get(base) ?? 0) + 1;
  idCounts.set(base, seen);
  return seen === 1 ? base : `${base}-${seen}`;
}

function addCaseAndResponse(rec: ForeignRecord, fmt: ForeignFormat, caseId: string, system: string, row: SourceRow, collector: Collector, newCase: boolean): void {
  const file = collector.fileName;
  const contexts = rec.contexts ?? [];
  const evidence = rec.evidence ?? [];
  const docIds: string[] = [];
  for (const text of [...contexts, ...evidence]) {
    if (text.trim() === '') continue;
    const docId = contextDocId(text);
    if (!docIds.includes(docId)) docIds.push(docId);
    collector.addDocument(DocumentSchema.parse({ docId, title: titleFromText(text), revision: '1', text }), row.line, true);
  }
  if (newCase) {
    const caseInput: Record<string, unknown> = { id: caseId, query: rec.query, relevantDocuments: docIds, slices: rec.slices ?? [] };
    if (rec.reference !== undefined) caseInput.referenceAnswer = rec.reference;
    if (fmt.origin) caseInput.origin = fmt.origin;
    if (rec.reference && evidence.length) {
      caseInput.claims = [{ text: rec.reference, evidence: evidence.map((quote) => ({ docId: contextDocId(quote), quote })) }];
    }
    if (rec.metadata) caseInput.metadata = rec.metadata;
    collector.addCase(checked(CaseSchema, caseInput, file, row.line), row.line, rec.queryField);
  }
  if (rec.response === undefined) return;
  const retrieved = rec.retrieved ?? [];
  const finalContext: ContextChunk[] = retrieved.map((text, k) =>
    // a retrieved chunk that is one of the reference contexts points at that document
    contexts.includes(text) && text.trim() !== '' ? { docId: contextDocId(text), text, rank: k + 1 } : { text, rank: k + 1 });
  const resp: Record<string, unknown> = { id: `${caseId}@${system}`, caseId, system, answer: rec.response, finalContext };
  if (retrieved.length > 0) resp.retrievalCalled = true;
  collector.addResponse(checked(ResponseSchema, resp, file, row.line), row.line, rec.responseField ?? 'response');
}

/** The one judge of the run: as given, or named by the file itself (DeepEval's evaluationModel). */
function judgeOf(scores: { model?: string | null; line: number; field: string }[], given: JudgeInput | null, fmt: ForeignFormat, file: string): JudgeConfig {
  let model = given?.model?.trim() || null;
  if (!model) {
    const first = scores.find((s) => s.model);
    if (!first) {
      throw new ImportDataError(file, null, 'judge.model', say('err.foreign.judge-unnamed', { format: fmt.label }));
    }
    const other = scores.find((s) => s.model && s.model !== first.model);
    if (other) {
      throw new ImportDataError(file, other.line, `${other.field}.evaluationModel`,
        say('err.foreign.judge-mixed', { got: JSON.stringify(other.model), line: first.line, expected: JSON.stringify(first.model) }));
    }
    model = first.model!;
  }
  return { model, version: given?.version?.trim() || 'unspecified', promptVersion: given?.promptVersion?.trim() || 'unspecified', promptHash: null };
}

function checked<T>(schema: z.ZodType<T>, value: unknown, file: string, line: number): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  // parsed again with its input, so the sentence can show what was found
  const problem = describeIssue(schema.safeParse(value, { reportInput: true }).error!.issues[0], schema);
  throw new ImportDataError(file, line, problem.field, say('err.import.row-unusable', { reason: problem.message }));
}
