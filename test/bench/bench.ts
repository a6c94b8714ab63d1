/**
 * `npm run bench`: prints figures for a generated test set of 100,000 cases
 * (override with BENCH_CASES) and writes them to .bench/results.json so two
 * versions can be compared. Never asserted in the test suite.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { caseFacets, getCaseDetail, listCases } from '../../db/case-queries';
import { openTestSetFile } from '../../db/open';
import { runImport } from '../../server/import-pipeline';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const DOCUMENTS = Math.max(10, Math.round(CASES / 5));
const TOPICS = ['退款', '发票', '会员', '续费', '优惠券', '账号', '密码', '积分', 'refund', 'invoice'];
const SLICES = ['exact-id', 'paraphrase', 'multi-hop', 'time-sensitive', 'table', 'negation', 'conflict', 'unanswerable'];
const ANSWERABILITY = ['answerable', 'unanswerable', 'false-premise', 'underspecified', 'restricted'];

function generate(): { documents: string; cases: string } {
  const documents: string[] = [];
  for (let d = 0; d < DOCUMENTS; d += 1) {
    documents.push(JSON.stringify({ docId: `doc-${d}`, title: `文档 ${d}`, revision: 'v1', text: `第 ${d} 号文档：${TOPICS[d % TOPICS.length]}规则，购买后 30 天内可申请处理，编号 ${d * 7}。` }));
  }
  const cases: string[] = [];
  for (let i = 0; i < CASES; i += 1) {
    const topic = TOPICS[i % TOPICS.length];
    const doc = i % DOCUMENTS;
    cases.push(JSON.stringify({
      id: `case-${i}`,
      query: `第 ${i} 个问题：${topic}需要多久处理？订单 ${i * 13}`,
      referenceAnswer: `${topic}在 30 天内处理。`,
      claims: [{ text: `${topic}在 30 天内处理`, evidence: [{ docId: `doc-${doc}`, quote: '购买后 30 天内可申请处理' }] }],
      relevantDocuments: [`doc-${doc}`],
      slices: [SLICES[i % SLICES.length], SLICES[(i * 3) % SLICES.length]],
      questionType: i % 2 ? 'policy-and-amounts' : 'how-to',
      answerability: ANSWERABILITY[i % ANSWERABILITY.length],
      origin: 'synthetic',
      split: i % 5 === 0 ? 'holdout' : 'dev',
    }));
  }
  return { documents: documents.join('\n'), cases: cases.join('\n') };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function timeMany(runs: number, fn: (i: number) => void): { p50: number; p95: number } {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    fn(i);
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const dir = mkdtempSync(join(tmpdir(), 'touchstone-bench-'));
const results: Record<string, number | string> = { cases: CASES, documents: DOCUMENTS, date: new Date().toISOString() };
try {
  const files = generate();
  const opened = await openTestSetFile(join(dir, 'bench.sqlite'), { create: true });
  const db = opened.db;
  runImport(db, { kind: 'documents', format: 'jsonl', fileName: 'documents.jsonl', bytes: Buffer.from(files.documents) });

  let start = performance.now();
  runImport(db, { kind: 'cases', format: 'jsonl', fileName: 'cases.jsonl', bytes: Buffer.from(files.cases) });
  const importSeconds = (performance.now() - start) / 1000;
  results.importCasesPerSecond = Math.round(CASES / importSeconds);

  // The floor: the same rows through bare prepared statements, no parsing or checks.
  const bare = new Database(join(dir, 'bare.sqlite'));
  bare.pragma('journal_mode = WAL');
  bare.exec('CREATE TABLE cases (seq INTEGER PRIMARY KEY, id TEXT UNIQUE, query TEXT, reference_answer TEXT, slices TEXT, claims TEXT)');
  const rows = files.cases.split('\n').map((line) => JSON.parse(line));
  start = performance.now();
  const insert = bare.prepare('INSERT INTO cases (id, query, reference_answer, slices, claims) VALUES (?, ?, ?, ?, ?)');
  bare.transaction(() => { for (const r of rows) insert.run(r.id, r.query, r.referenceAnswer, JSON.stringify(r.slices), JSON.stringify(r.claims)); })();
  const bareSeconds = (performance.now() - start) / 1000;
  bare.close();
  results.bareInsertCasesPerSecond = Math.round(CASES / bareSeconds);
  results.importToBareRatio = Number((bareSeconds / importSeconds).toFixed(3));

  results.firstPageMs = Number(timeMany(20, () => listCases(db, {}, 0, 200)).p95.toFixed(2));
  results.deepPageP95Ms = Number(timeMany(20, (i) => listCases(db, {}, Math.floor(((i + 1) / 21) * CASES), 200)).p95.toFixed(2));
  results.facetsP95Ms = Number(timeMany(10, () => caseFacets(db, {})).p95.toFixed(2));
  results.search2CharP95Ms = Number(timeMany(20, () => listCases(db, { search: '退款' }, 0, 200)).p95.toFixed(2));
  results.search4CharP95Ms = Number(timeMany(20, () => listCases(db, { search: '优惠券规' }, 0, 200)).p95.toFixed(2));
  results.search2CharFacetsP95Ms = Number(timeMany(10, () => caseFacets(db, { search: '退款' })).p95.toFixed(2));
  results.caseDetailP95Ms = Number(timeMany(200, (i) => getCaseDetail(db, `case-${(i * 487) % CASES}`)).p95.toFixed(2));
  results.peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

for (const [name, value] of Object.entries(results)) console.log(`${name.padEnd(28)} ${value}`);
mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('written to .bench/results.json');
