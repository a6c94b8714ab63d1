/**
 * Run by test/bench/diagnosis-bench.ts in a process of its own, bundled as the app bundles its
 * Diagnosis worker (build/build-electron.mjs): reads one system's inputs from a test set file, then
 * computes both halves of the Diagnosis page's figures from them, nothing derived before (a fresh
 * process: no value kept, no function optimised yet), and then again with every response's derived
 * values kept. Prints one JSON line of milliseconds.
 */
import { openTestSetFile } from '../../db/open';
import { diagnosisInput } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { diagnose } from '../../shared/diagnosis/report';
import { measure } from './measure';

const [path, system] = process.argv.slice(2);
const file = await openTestSetFile(path, { create: false, deferIntegrityCheck: true });
await file.integrity;
const base = diagnosisInput(file.db, system);
const layers = layersInput(file.db, system, base);

const report = await measure(1, () => diagnose(base));
const layersHalf = await measure(1, () => layersReport(layers));
const kept = await measure(1, () => {
  diagnose(base);
  layersReport(layers);
});
file.db.close();
console.log(
  JSON.stringify({
    responses: base.responses.length,
    coldMs: report.wallMs + layersHalf.wallMs,
    coldCpuMs: report.cpuMs + layersHalf.cpuMs,
    reportMs: report.wallMs,
    layersMs: layersHalf.wallMs,
    keptMs: kept.wallMs,
  }),
);
