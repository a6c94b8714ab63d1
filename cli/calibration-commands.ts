import { ApiError, contract, type OpOutput } from '../shared/api/contract';
import type { Figure } from '../shared/api/agreement-ops';
import { IsoWeekSchema } from '../shared/api/calibration-ops';
import type { OpenedTestSet } from '../db/open';
import { listRounds } from '../db/rounds';
import { driftReport, exportAnchorSet, freezeAnchorSet, importAnchorSet } from '../server/calibration/calibration-anchors';
import { closedRoundFigures, startRound } from '../server/calibration/calibration-rounds';
import { text as say } from '../shared/messages/text';

/**
 * `touchstone round …` and `touchstone anchors …`: the calibration operations, headless. Each
 * calls the same function the API serves, so --json prints exactly the API's answer.
 *
 *   round start --db FILE [--size 30] [--seed N] [--week YYYY-Www]
 *   round figures --db FILE [--round R]                      (default: the latest closed round)
 *   anchors freeze --db FILE --name NAME [--round R]...     (default: every closed round)
 *   anchors export --db FILE --name NAME [--version V] --out DIR [--zip]
 *   anchors import DIR --db FILE
 *   anchors drift --db FILE --name NAME [--version V] --run RUN [--strict]   → exit 3 when drift is flagged (--strict: or possible)
 */

export interface CalibrationArgs {
  db?: string;
  size?: string;
  seed?: string;
  week?: string;
  name?: string;
  round?: string[];
  version?: string;
  out?: string;
  zip?: boolean;
  run?: string;
  'same-week'?: boolean;
  strict?: boolean;
}

export interface CalibrationContext {
  usage(message: string): Error;
  requireDb(db: string | undefined): string;
  open(path: string): Promise<OpenedTestSet>;
}

type Result = { code: number; json: unknown; text: string };

const CHECK_FAILED = 3;

function wholeNumber(value: string | undefined, flag: string, context: CalibrationContext, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw context.usage(`${flag} must be a whole number from ${min} to ${max} (got "${value}").`);
  return Number(value);
}

async function withDb<T>(args: CalibrationArgs, context: CalibrationContext, work: (opened: OpenedTestSet) => T | Promise<T>): Promise<T> {
  const opened = await context.open(context.requireDb(args.db));
  try {
    return await work(opened);
  } finally {
    opened.db.close();
  }
}

const fmt = (value: number | null, digits = 3) => (value === null ? 'undefined' : value.toFixed(digits));
const figure = (f: Figure) => `${fmt(f.value)}${f.ci95 ? ` [${fmt(f.ci95[0])}, ${fmt(f.ci95[1])}]` : ''}${f.value === null && f.reason ? ` (${f.reason})` : ''}`;

const signed = (f: Figure) => (f.value !== null && f.value > 0 ? `+${figure(f)}` : figure(f));

/** A closed round's figures: the random half's population figures first, the changed half apart; never a figure over both. */
function roundFiguresText(report: OpOutput<'rounds.figures'>): string {
  const r = report.round;
  const lines = [
    `Round ${r.id} (${r.week}), closed ${r.closedAt}: population figures from the random half only (pooled with earlier rounds of the same judge version); ` +
      'the items picked because the judge\'s score moved are their own stratum, never a population figure.',
  ];
  for (const f of report.figures) {
    const judge = f.judge ? `judge run ${f.judge.runId}: ${f.judge.model} ${f.judge.modelVersion}, prompt ${f.judge.promptVersion}` : 'no judge run';
    lines.push(`  ${f.dimension} (${judge})${f.computed === 'recomputed' ? ' — recomputed from the round\'s items: it closed before the halves were kept apart' : ''}`);
    const few = f.random.items < f.random.minItems ? `; too few random items yet (${f.random.items} of ${f.random.minItems}) for the population interval` : '';
    lines.push(`    random half, n ${f.random.items} from round${f.random.roundIds.length === 1 ? '' : 's'} ${f.random.roundIds.join(', ')}${few}:`);
    lines.push(`      ${f.agreementKey ?? 'agreement'} ${figure(f.random.agreement)}, percent agreement ${figure(f.random.percentAgreement)}, bias (judge − human) ${signed(f.random.bias)}`);
    if (f.random.humanMean.value !== null || f.corrected.value !== null) {
      lines.push(`      people's mean ${figure(f.random.humanMean)}, judge on the whole test set ${figure(f.judgeRaw)}, bias-corrected estimate ${figure(f.corrected)}`);
    }
    lines.push(`    items whose judge score moved (own stratum), n ${f.changed.n}:`);
    lines.push(
      f.changed.n === 0
        ? '      none picked for a judge change'
        : `      ${f.agreementKey ?? 'agreement'} ${figure(f.changed.agreement)}, percent agreement ${figure(f.changed.percentAgreement)}, bias on these items ${signed(f.changed.bias)}`,
    );
  }
  return lines.join('\n');
}

export async function roundCommand(sub: string | undefined, args: CalibrationArgs, context: CalibrationContext): Promise<Result> {
  if (sub === 'figures') {
    const rounds = args.round ?? [];
    if (rounds.length > 1) throw context.usage('round figures takes one --round R.');
    const roundId = wholeNumber(rounds[0], '--round', context, 1, 2 ** 31 - 1) ?? null;
    return withDb(args, context, ({ db }) => {
      const report = closedRoundFigures(db, roundId);
      return { code: 0, json: report, text: roundFiguresText(report) };
    });
  }
  if (sub !== 'start') throw context.usage(sub ? `Unknown round command "${sub}" (expected: round start, round figures).` : 'round needs a command: round start, round figures.');
  const size = wholeNumber(args.size, '--size', context, 1, 1000) ?? 30;
  const seed = wholeNumber(args.seed, '--seed', context, 0, 2 ** 31 - 1) ?? null;
  const week = args.week === undefined ? null : IsoWeekSchema.safeParse(args.week);
  if (week && !week.success) throw context.usage(`--week must be an ISO week such as 2026-W07 (got "${args.week}": ${week.error.issues[0].message}).`);
  return withDb(args, context, ({ db }) => {
    const detail = startRound(db, contract['rounds.start'].input.parse({ size, seed, week: args.week ?? null, sameWeek: args['same-week'] ?? false }));
    const r = detail.round;
    const lines = [
      `Round ${r.id} (${r.week}, seed ${r.seed}): ${r.items} items — ${r.changedItems} changed, ${r.items - r.changedItems} random. Dimensions: ${detail.dimensions.map((d) => d.dimension).join(', ')}.`,
      ...r.notes.map((n) => `  note: ${n.text}`),
      ...detail.items.map((i) => {
        const why = i.reason.kind === 'changed' ? `changed ${i.reason.dimension} ${JSON.stringify(i.reason.fromValue)} → ${JSON.stringify(i.reason.toValue)} (runs ${i.reason.fromRunId} → ${i.reason.toRunId})` : 'random';
        return `  ${String(i.position + 1).padStart(3)}. ${i.caseId}${i.responseId ? ` / ${i.responseId}` : ''}  ${why}`;
      }),
      `Label it blind in the app (queue: round ${r.id}), then reveal, adjudicate and close it there.`,
    ];
    return { code: 0, json: detail, text: lines.join('\n') };
  });
}

function driftText(report: OpOutput<'anchors.drift'>): string {
  const s = report.anchorSet;
  const lines = [`Drift of judge run ${report.run.runId} (${report.run.model} ${report.run.modelVersion}, prompt ${report.run.promptVersion}) on anchor set ${s.name} v${s.version} (${s.items} items):`];
  for (const d of report.dimensions) {
    lines.push(`  ${d.dimension} (n ${d.n}${d.missing ? `, ${d.missing} not scored` : ''}): ${d.agreementKey ?? 'agreement'} ${figure(d.agreement)} (at freeze ${fmt(d.agreementAtFreeze)}), bias ${figure(d.bias)} (at freeze ${fmt(d.biasAtFreeze)})`);
    if (d.previous) lines.push(`    vs run ${d.previous.run.runId} (${d.previous.run.modelVersion}): agreement ${figure(d.previous.agreement)}, mean shift ${figure(d.previous.meanShift)}`);
    for (const f of d.flags) lines.push(`    DRIFT ${f.code}: ${f.message}`);
    const change = (label: string, c: { change: Figure; state: string } | null | undefined) => (c ? `${label} ${figure(c.change)} → ${c.state}` : null);
    const changes = [change('mean shift since freeze', d.shiftSinceFreeze), change('agreement change since freeze', d.agreementSinceFreeze), change('mean shift since the previous version', d.shiftSincePrevious)].filter(Boolean);
    if (changes.length) lines.push(`    ${changes.join('; ')}`);
    if (d.reason) lines.push(`    ${d.reason}`);
  }
  lines.push(
    report.state === 'flagged'
      ? 'DRIFT FLAGGED'
      : report.state === 'possible'
        ? `POSSIBLE DRIFT: too few anchor items (or too wide an interval) to rule out a change beyond the thresholds (agreement drop ${report.thresholds.maxAgreementDrop}, bias shift ${report.thresholds.maxBiasShift} of the scale).`
        : `No drift: every paired 95% interval lies within the thresholds (agreement drop ${report.thresholds.maxAgreementDrop}, bias shift ${report.thresholds.maxBiasShift} of the scale).`,
  );
  return lines.join('\n');
}

export async function anchorsCommand(sub: string | undefined, positional: string[], args: CalibrationArgs, context: CalibrationContext): Promise<Result> {
  const requireName = () => {
    if (!args.name) throw context.usage('--name NAME is required.');
    return args.name;
  };
  const version = () => wholeNumber(args.version, '--version', context, 1, 2 ** 31 - 1) ?? null;
  switch (sub) {
    case 'freeze': {
      const name = requireName();
      const rounds = (args.round ?? []).map((r) => wholeNumber(r, '--round', context, 1, 2 ** 31 - 1)!);
      return withDb(args, context, ({ db }) => {
        const roundIds = rounds.length ? rounds : listRounds(db).filter((r) => r.status === 'closed').map((r) => r.id);
        if (roundIds.length === 0) throw new ApiError('invalid-input', say('err.anchor.no-closed-round'), { file: 'anchors freeze', line: null, field: '--round' });
        const outcome = freezeAnchorSet(db, contract['anchors.freeze'].input.parse({ name, roundIds }));
        const s = outcome.summary;
        const text = outcome.created
          ? `Froze anchor set ${s.name} version ${s.version}: ${s.items} items from round${s.rounds.length === 1 ? '' : 's'} ${s.rounds.join(', ')} (${s.dimensions.map((d) => `${d.dimension} ${d.items}`).join(', ')}).`
          : `Unchanged: anchor set ${s.name} version ${s.version} already holds exactly these items; nothing was written.`;
        return { code: 0, json: outcome, text };
      });
    }
    case 'export': {
      const name = requireName();
      if (!args.out) throw context.usage('--out DIR is required.');
      const out = args.out;
      return withDb(args, context, async ({ db }) => {
        const result = await exportAnchorSet(db, contract['anchors.export'].input.parse({ name, version: version(), outDir: out, zip: args.zip ?? false }));
        const files = [...result.files, ...(result.zip ? [result.zip] : [])];
        const text = [`Exported anchor set ${result.summary.name} version ${result.summary.version} to ${result.dir}:`, ...files.map((f) => `  ${f.name}  ${f.bytes} bytes  sha256 ${f.sha256}`)].join('\n');
        return { code: 0, json: result, text };
      });
    }
    case 'import': {
      const [dir] = positional;
      if (!dir) throw context.usage('DIR is required: touchstone anchors import DIR --db FILE.');
      return withDb(args, context, async ({ db }) => {
        const outcome = await importAnchorSet(db, { dir });
        const s = outcome.summary;
        const text = outcome.created
          ? `Imported anchor set ${s.name} version ${s.version}: ${s.items} items, every sha256 verified.`
          : `Unchanged: anchor set ${s.name} version ${s.version} is already in this test set.`;
        return { code: 0, json: outcome, text };
      });
    }
    case 'drift': {
      const name = requireName();
      if (!args.run) throw context.usage('--run RUN is required (the judge run id).');
      const runId = wholeNumber(args.run, '--run', context, 1, 2 ** 31 - 1)!;
      return withDb(args, context, ({ db }) => {
        const report = driftReport(db, contract['anchors.drift'].input.parse({ name, version: version(), runId }));
        const failed = report.state === 'flagged' || (args.strict === true && report.state === 'possible');
        return { code: failed ? CHECK_FAILED : 0, json: report, text: driftText(report) };
      });
    }
    default:
      throw context.usage(sub ? `Unknown anchors command "${sub}" (expected freeze, export, import or drift).` : 'anchors needs a command: freeze, export, import or drift.');
  }
}
