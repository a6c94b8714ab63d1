/**
 * Team-exchange figures for `npm run bench`:
 * - anchorExportMs: `anchors.export` of a sealed 5,000-item anchor set (anchors.jsonl + manifest
 *   with sha256, through the same function the API and CLI use); the set is written straight into
 *   the tables, as a freeze would leave it;
 * - labelPackExportMs / labelPackImportMs: one reviewer's pack out of the bench file, then into a
 *   copy of the same test set taken before any label existed (verification, backup and merge).
 * Wall-clock medians of the runs.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { insertAnchorSet } from '../../db/anchors';
import { listDimensions } from '../../db/dimensions';
import { exportLabelPack } from '../../db/label-packs';
import { connect } from '../../db/open';
import { exportAnchorSet } from '../../server/calibration/calibration-anchors';
import { importLabelPackInto } from '../../server/exchange/exchange-handlers';
import { DEFAULT_DRIFT_THRESHOLDS, type AnchorItem } from '../../shared/api/calibration-ops';

const ANCHOR_ITEMS = 5_000;

function median(runs: number, fn: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return Math.round(samples.sort((a, b) => a - b)[Math.floor(runs / 2)]);
}

export async function measureExchange(dir: string, benchPath: string, masterPath: string, packReviewerId: number, cases: number): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  const db = connect(benchPath);
  try {
    const count = Math.min(ANCHOR_ITEMS, cases);
    const items: AnchorItem[] = [];
    for (let i = 0; i < count; i += 1) {
      items.push({
        caseId: `case-${i}`, responseId: `resp-${i}`, query: `第 ${i} 个问题`, system: 'bench-agent@1', answer: '在 30 天内处理。', roundId: null,
        human: { correctness: i % 3, faithfulness: (i % 10) / 10 }, judge: { correctness: (i + 1) % 3, faithfulness: ((i + 3) % 10) / 10 },
      });
    }
    const definitions = listDimensions(db).filter((d) => d.name === 'correctness' || d.name === 'faithfulness');
    db.transaction(() =>
      insertAnchorSet(db, {
        summary: {
          name: 'bench-anchors', version: 1, frozenAt: '2026-11-01T00:00:00.000Z', origin: 'frozen', items: count, rounds: [],
          dimensions: [], slices: [], reviewers: ['Ada'], counts: [], thresholds: DEFAULT_DRIFT_THRESHOLDS,
        },
        judgeRuns: [], definitions, contentSha256: '0'.repeat(64), items,
      }),
    )();
    results.anchorExportItems = count;
    results.anchorExportMs = median(3, () => exportAnchorSet(db, { name: 'bench-anchors', version: 1, outDir: join(dir, 'anchors-out'), zip: false }));

    let eventCount = 0;
    results.labelPackExportMs = median(3, () => {
      eventCount = exportLabelPack(db, packReviewerId, join(dir, 'pack')).eventCount;
    });
    results.labelPackEvents = eventCount;
  } finally {
    db.close();
  }

  const master = connect(masterPath);
  try {
    const start = performance.now();
    const outcome = await importLabelPackInto({ db: master, path: masterPath }, join(dir, 'pack'));
    results.labelPackImportMs = Math.round(performance.now() - start);
    results.labelPackImportAdded = outcome.added;
  } finally {
    master.close();
  }
  return results;
}
