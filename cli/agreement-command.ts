import { ApiError, type OpOutput } from '../shared/api/contract';
import type { Coefficient, Figure } from '../shared/api/agreement-ops';
import { findReviewerByName, reviewerNames } from '../db/agreement';
import type { OpenedTestSet } from '../db/open';
import { biasCorrectedReport, humanVsHumanReport, judgeVsHumanReport } from '../server/agreement/agreement-handlers';
import { text as say } from '../shared/messages/text';

/**
 * `touchstone agreement --db FILE --run RUN [--dimension D] [--reviewer R] [--json]`: the figures
 * of the "Judge vs human" screen for one judge run, from the same report functions the API
 * serves (so `--json` prints exactly the API's answers): judge vs human for the reference
 * (one reviewer with --reviewer NAME, else every reviewer), human vs human, and the
 * bias-corrected estimates.
 */

export interface AgreementArgs {
  db: string;
  run: string | undefined;
  dimension: string | undefined;
  reviewer: string | undefined;
}

export interface AgreementCommandContext {
  /** Builds the CLI's usage error (exit code 2). */
  usage(message: string): Error;
  open(path: string): Promise<OpenedTestSet>;
}

export interface AgreementJson {
  judgeVsHuman: OpOutput<'agreement.judgeVsHuman'>;
  humanVsHuman: OpOutput<'agreement.humanVsHuman'>;
  biasCorrected: OpOutput<'agreement.biasCorrected'>;
}

export async function agreementCommand(args: AgreementArgs, context: AgreementCommandContext): Promise<{ code: number; json: AgreementJson; text: string }> {
  if (!args.run) throw context.usage('--run RUN is required (the judge run id; `touchstone stats` counts the runs).');
  if (!/^\d+$/.test(args.run) || Number(args.run) < 1) throw context.usage(`--run must be a judge run id, a positive whole number (got "${args.run}").`);
  const runId = Number(args.run);
  const opened = await context.open(args.db);
  try {
    const db = opened.db;
    let reference: { kind: 'allReviewers' } | { kind: 'reviewer'; reviewerId: number } = { kind: 'allReviewers' };
    if (args.reviewer !== undefined) {
      const reviewer = findReviewerByName(db, args.reviewer);
      if (!reviewer) {
        const names = reviewerNames(db);
        throw new ApiError(
          'not-found',
          names.length ? say('err.reviewer.unknown-name', { name: args.reviewer, names: names.join(', ') }) : say('err.reviewer.none', { name: args.reviewer }),
          { file: args.db, line: null, field: '--reviewer' },
        );
      }
      reference = { kind: 'reviewer', reviewerId: reviewer.id };
    }
    const dimension = args.dimension ?? null;
    const json: AgreementJson = {
      judgeVsHuman: judgeVsHumanReport(db, { runId, dimension, reference }),
      humanVsHuman: humanVsHumanReport(db, { dimension: null }),
      biasCorrected: biasCorrectedReport(db, { runId, dimension, reference }),
    };
    if (dimension) json.humanVsHuman.dimensions = json.humanVsHuman.dimensions.filter((d) => d.dimension === dimension);
    return { code: 0, json, text: formatAgreement(json) };
  } finally {
    opened.db.close();
  }
}

// ---- text output ---------------------------------------------------------------------------

const COEFFICIENT_NAMES: Record<Coefficient['key'], string> = {
  percentAgreement: 'percent agreement',
  cohenKappa: "Cohen's kappa",
  gwetAC1: "Gwet's AC1",
  kappaLinear: 'weighted kappa (linear)',
  kappaQuadratic: 'weighted kappa (quadratic)',
  krippendorffNominal: "Krippendorff's alpha (nominal)",
  krippendorffOrdinal: "Krippendorff's alpha (ordinal)",
  krippendorffInterval: "Krippendorff's alpha (interval)",
  fleissKappa: "Fleiss' kappa",
  pearson: 'Pearson r',
  spearman: 'Spearman rho',
  mae: 'MAE',
};

const fixed = (value: number | null, digits = 3) => (value === null ? '—' : value.toFixed(digits));
const signed = (value: number | null, digits = 3) => (value === null ? '—' : `${value > 0 ? '+' : ''}${value.toFixed(digits)}`);

export function formatFigure(figure: Figure, digits = 3): string {
  if (figure.value === null) return `undefined — ${figure.reason ?? 'no reason given'}`;
  const interval =
    figure.ci95 && figure.ci95[0] !== null && figure.ci95[1] !== null
      ? `  95% CI ${fixed(figure.ci95[0], digits)} to ${fixed(figure.ci95[1], digits)} (${figure.ciMethod})`
      : figure.ciReason
        ? `  (no interval: ${figure.ciReason})`
        : '';
  return `${fixed(figure.value, digits)}${interval}`;
}

/** Columns padded to their widest cell; the first (labels) left-aligned, the others right-aligned unless `left`. */
function table(rows: string[][], indent = '    ', left = false): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => indent + r.map((cell, c) => (c === 0 || left ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd());
}

const orUndefined = (value: number | null, format: (v: number | null) => string) => (value === null ? 'undefined' : format(value));

const WARNINGS: Record<string, (p: Record<string, string | number>) => string> = {
  'small-n': (p) => `n = ${p.n} is below ${p.min}: the intervals are wide and the figures can move a lot with a few more labels`,
  'kappa-paradox': (p) =>
    `kappa is low (${fixed(Number(p.kappa))}) although agreement is high (${fixed(Number(p.agreement))}): "${p.label}" makes up ${fixed(Number(p.share) * 100, 0)}% of all values, so chance agreement is high (prevalence paradox)${p.ac1 !== undefined ? `; Gwet's AC1 is ${fixed(Number(p.ac1))}` : ''}`,
  'excluded-values': (p) => `${p.count} value(s) do not fit the dimension's definition and were left out`,
  'duplicate-verdicts': (p) => `${p.count} earlier verdict(s) on an item were replaced by a later line of the same run`,
  'no-definition': () => 'the test set does not define this dimension: it is treated as categorical over the values seen',
  'clustered-pairs': (p) => `${p.n} pairs on ${p.items} items (several reviewers per item): the bootstrap resamples items`,
};

function biasSentence(d: OpOutput<'agreement.judgeVsHuman'>['dimensions'][number]): string {
  const h = d.bias?.headline;
  if (!h || h.value === null) return `bias: undefined — ${h?.reason ?? d.reason ?? 'no pairs'}`;
  const points = h.kind !== 'mean';
  const show = (v: number | null) => (points ? `${signed(v === null ? null : v * 100, 1)} points` : signed(v));
  const ci = h.ci95 && h.ci95[0] !== null ? ` (95% CI ${show(h.ci95[0])} to ${show(h.ci95[1])}, n = ${h.n})` : ` (n = ${h.n})`;
  const hedge = h.clear ? '' : ' — the interval includes 0, so no clear bias';
  if (h.kind === 'category') {
    return `bias: the judge says "${h.label}" ${fixed(Math.abs(h.value) * 100, 1)} points ${h.value >= 0 ? 'more' : 'less'} often than people (${fixed((h.judge ?? 0) * 100, 1)}% vs ${fixed((h.human ?? 0) * 100, 1)}%)${ci}${hedge}`;
  }
  const amount = h.kind === 'rate' ? `${fixed(Math.abs(h.value) * 100, 1)} points of pass rate` : fixed(Math.abs(h.value));
  const word = h.direction === 'lenient' ? 'more lenient than' : h.direction === 'strict' ? 'stricter than' : 'level with';
  return `bias: the judge is ${h.direction === 'none' ? '' : `${amount} `}${word} people${ci}${hedge}`;
}

function formatJudgeVsHuman(report: OpOutput<'agreement.judgeVsHuman'>): string[] {
  const { run, reference } = report;
  const lines = [
    `Judge run ${run.id}: ${run.model} ${run.modelVersion}, prompt ${run.promptVersion}${run.promptHash ? ` (${run.promptHash.slice(0, 19)}…)` : ''}, ${run.verdicts} verdicts from ${run.sourceFile}`,
    `Reference: ${reference.kind === 'reviewer' ? `reviewer ${reference.reviewerName}` : reference.kind === 'allReviewers' ? 'all reviewers (every current label is a pair)' : 'adjudicated values'}`,
  ];
  if (report.reason) lines.push(`  ${report.reason}`);
  for (const d of report.dimensions) {
    lines.push('', `${d.dimension} (${d.type}${d.labels.length ? `: ${d.labels.join(' · ')}` : d.min !== null ? `: ${d.min}–${d.max}` : ''})  n = ${d.n} pairs on ${d.items} items, ${d.verdicts} verdicts`);
    if (d.reason) {
      lines.push(`  ${d.reason}`);
      continue;
    }
    lines.push(...table(d.coefficients.map((c) => [COEFFICIENT_NAMES[c.key], formatFigure(c)]), '  ', true));
    lines.push(`  ${biasSentence(d)}`);
    if (d.failureLayer) {
      const f = d.failureLayer;
      lines.push(`  failure layer: where people blamed retrieval or data (${f.peopleBlamedRetrievalOrData}), the judge blamed generation ${f.judgeSaidGeneration} times: ${formatFigure(f.rate)}`);
    }
    if (d.confusion) {
      lines.push('  confusion matrix (rows: people, columns: judge; count and row %):');
      const labels = d.confusion.labels.map(String);
      lines.push(
        ...table([
          ['', ...labels, 'total'],
          ...d.confusion.counts.map((row, r) => [
            labels[r],
            ...row.map((v, c) => `${v} ${d.confusion!.rowShares[r][c] === null ? '' : `(${fixed(d.confusion!.rowShares[r][c]! * 100, 0)}%)`}`.trim()),
            String(d.confusion!.rowTotals[r]),
          ]),
        ]),
      );
    }
    for (const [title, groups] of [['per slice', d.breakdown.slices], ['per question type', d.breakdown.questionTypes]] as const) {
      if (groups.length === 0) continue;
      lines.push(`  ${title}, worst first (${COEFFICIENT_NAMES[d.breakdown.primaryKey]}):`);
      lines.push(
        ...table([
          ['group', 'n', 'agreement', COEFFICIENT_NAMES[d.breakdown.primaryKey], 'bias'],
          ...groups.map((g) => [g.key ?? '(none)', String(g.n), orUndefined(g.percentAgreement.value, fixed), orUndefined(g.primary.value, fixed), signed(g.bias)]),
        ]),
      );
    }
    for (const w of d.warnings) lines.push(`  warning: ${WARNINGS[w.code]?.(w.params) ?? w.code}`);
    if (d.disagreements.total > 0) {
      lines.push(`  disagreements (${d.disagreements.total}${d.disagreements.items.length < d.disagreements.total ? `, first ${d.disagreements.items.length}` : ''}):`);
      for (const item of d.disagreements.items) {
        lines.push(
          `    ${item.caseId}${item.responseId ? ` / ${item.responseId}` : ''}${item.reviewer ? ` [${item.reviewer}]` : ''}: people ${JSON.stringify(item.human)}, judge ${JSON.stringify(item.judge)}${item.rationale ? ` — ${item.rationale}` : ''}`,
        );
      }
    }
  }
  return lines;
}

function formatHumanVsHuman(report: OpOutput<'agreement.humanVsHuman'>): string[] {
  const lines = ['', 'Human vs human'];
  for (const d of report.dimensions) {
    if (d.method === null) {
      lines.push(`  ${d.dimension}: ${d.reason}`);
      continue;
    }
    lines.push(`  ${d.dimension}: ${d.items} items labeled by 2+ of ${d.raters.join(', ')} (${d.method === 'cohen' ? 'Cohen' : `Fleiss on ${d.completeItems} items labeled by all`})`);
    lines.push(...table(d.coefficients.map((c) => [COEFFICIENT_NAMES[c.key], formatFigure(c)]), '    ', true));
    for (const w of d.warnings) lines.push(`    warning: ${WARNINGS[w.code]?.(w.params) ?? w.code}`);
    if (d.disagreements.total > 0) {
      lines.push(`    people disagree on ${d.disagreements.total} item(s):`);
      for (const item of d.disagreements.items.slice(0, 20)) {
        lines.push(`      ${item.caseId}${item.responseId ? ` / ${item.responseId}` : ''}: ${item.labels.map((l) => `${l.reviewer} ${JSON.stringify(l.value)}`).join(', ')}`);
      }
    }
  }
  return lines;
}

function formatBiasCorrected(report: OpOutput<'agreement.biasCorrected'>): string[] {
  const lines = ['', 'Bias-corrected estimate (prediction-powered inference: judge on the unlabeled items + mean(human − judge) on the labeled ones)'];
  if (report.dimensions.length === 0) lines.push('  (no numeric or binary dimension in this run)');
  for (const d of report.dimensions) {
    lines.push(`  ${d.dimension}${d.positive !== null ? ` (pass = ${JSON.stringify(d.positive)})` : ''}: ${d.verdicts} verdicts, ${d.labeled} with a human value, ${d.unlabeled} without`);
    lines.push(
      ...table(
        [
          ['judge raw', formatFigure(d.judgeRaw)],
          ['human (labeled items)', formatFigure(d.humanOnLabeled)],
          ['judge − human (labeled)', formatFigure(d.bias)],
          ['corrected (PPI)', formatFigure(d.corrected)],
        ],
        '    ',
        true,
      ),
    );
  }
  return lines;
}

export function formatAgreement(json: AgreementJson): string {
  return [...formatJudgeVsHuman(json.judgeVsHuman), ...formatHumanVsHuman(json.humanVsHuman), ...formatBiasCorrected(json.biasCorrected)].join('\n');
}
