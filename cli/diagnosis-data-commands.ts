import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { affectedCases } from '../db/affected-cases';
import { buildConflictSet } from '../db/conflict-set';
import type { OpenedTestSet, ReadOnlyTestSet } from '../db/open';
import { applySplits } from '../db/split-tool';
import { parseNumberRule } from '../shared/diagnosis/conflict-set';
import { SPLIT_UNITS, type SplitUnit } from '../shared/diagnosis/split-assignment';

/**
 * `touchstone affected`, `touchstone conflict-set build` and `touchstone splits assign`: the
 * test-set side of the data layer (see USAGE in main.ts).
 */

export interface DataCommandValues {
  db?: string;
  doc?: string;
  out?: string;
  n?: string;
  types?: string;
  rule?: string;
  'shift-days'?: string;
  seed?: string;
  by?: string;
  holdout?: string;
  unit?: string;
}

export interface DataCommandContext {
  usage(message: string): Error;
  openForReading(): ReadOnlyTestSet;
  openForWriting(): Promise<OpenedTestSet>;
}

type Result = { code: number; json: unknown; text: string };

const wholeNumber = (value: string | undefined, fallback: number, what: string, context: DataCommandContext): number => {
  const text = value ?? String(fallback);
  if (!/^\d+$/.test(text)) throw context.usage(`${what} must be a whole number (got "${text}").`);
  return Number(text);
};

export function affectedCommand(values: DataCommandValues, context: DataCommandContext): Result {
  if (!values.doc?.trim()) throw context.usage('--doc DOCID is required (the document whose new revision was imported).');
  const opened = context.openForReading();
  try {
    const report = affectedCases(opened.db, values.doc);
    if (values.out) writeFileSync(values.out, report.cases.map((c) => `${c.caseId}\n`).join(''));
    const lost = report.cases.filter((c) => c.quotes.some((q) => q.found === false)).length;
    const lines = [
      report.newestRevision === null ? `There is no document "${report.docId}" in this test set.` : `${report.cases.length} cases cite ${report.docId} (newest revision ${report.newestRevision}); ${lost} have a quote no longer found in it.`,
      ...report.cases.map((c) => `  ${c.caseId}: ${c.quotes.map((q) => `claim ${q.claim} ${q.found === null ? 'no text to check' : q.found ? 'found' : 'NOT FOUND'}`).join(', ')}`),
      ...(values.out ? [`Case ids written to ${values.out}.`] : []),
    ];
    return { code: 0, json: report, text: lines.join('\n') };
  } finally {
    opened.db.close();
  }
}

export async function conflictSetCommand(action: string | undefined, values: DataCommandValues, context: DataCommandContext): Promise<Result> {
  if (action !== 'build') throw context.usage('Usage: touchstone conflict-set build --db FILE --out FILE [--n 20] [--types policy-and-amounts] [--rule times:2] [--shift-days 365] [--seed 1] [--by NAME]');
  if (!values.out) throw context.usage('--out FILE is required (the documents JSONL of the altered copies).');
  const rule = parseNumberRule(values.rule ?? 'times:2');
  if (!rule) throw context.usage(`--rule must be times:F or plus:N that changes numbers (got "${values.rule}").`);
  const n = wholeNumber(values.n, 20, '--n', context);
  const shiftDays = wholeNumber(values['shift-days'], 365, '--shift-days', context);
  const seed = wholeNumber(values.seed, 1, '--seed', context);
  const types = (values.types ?? 'policy-and-amounts').split(',').map((t) => t.trim()).filter(Boolean);
  const opened = await context.openForWriting();
  try {
    const outcome = buildConflictSet(opened.db, { types, n, rule, shiftDays, seed, by: values.by ?? 'touchstone conflict-set', outName: basename(values.out) });
    writeFileSync(values.out, outcome.documents.map((d) => `${JSON.stringify(d)}\n`).join(''));
    const text = [
      `Picked ${outcome.cases.length} of ${outcome.eligible} answerable ${types.join(', ')} cases; wrote ${outcome.documents.length} altered documents to ${values.out}.`,
      `Added ${outcome.cases.reduce((s, c) => s + c.added.length, 0)} forbidden claims (case edits, with history). Import responses run against these documents with "condition": "conflict".`,
      ...outcome.quotesNotFound.map((q) => `  quote not found in ${q.docId} (case ${q.caseId}): ${q.quote}`),
    ].join('\n');
    return { code: 0, json: outcome, text };
  } finally {
    opened.db.close();
  }
}

export async function splitsCommand(action: string | undefined, values: DataCommandValues, context: DataCommandContext): Promise<Result> {
  if (action !== 'assign') throw context.usage('Usage: touchstone splits assign --db FILE [--unit group|document|topic|time] [--holdout 0.2] [--seed 1] [--by NAME]');
  const unit = (values.unit ?? 'group') as SplitUnit;
  if (!SPLIT_UNITS.includes(unit)) throw context.usage(`--unit must be one of ${SPLIT_UNITS.join(', ')} (got "${values.unit}").`);
  const ratio = Number(values.holdout ?? '0.2');
  if (!(ratio > 0 && ratio < 1)) throw context.usage(`--holdout must be a share between 0 and 1 (got "${values.holdout}").`);
  const seed = wholeNumber(values.seed, 1, '--seed', context);
  const opened = await context.openForWriting();
  try {
    const plan = applySplits(opened.db, unit, ratio, seed, values.by ?? 'touchstone splits');
    return {
      code: 0,
      json: plan,
      text: `${plan.holdoutCases} of ${plan.assignments.length} cases in holdout (${plan.units} units by ${unit}, seed ${seed}); ${plan.changed} cases changed split (case edits, with history).`,
    };
  } finally {
    opened.db.close();
  }
}
