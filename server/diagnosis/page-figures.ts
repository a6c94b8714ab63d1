import { diagnosisInputs } from '../../db/diagnosis-inputs';
import { keptWhileUnwritten } from '../../db/kept-reads';
import { listSystems } from '../../db/label-reports';
import type { Db } from '../../db/open';
import { caseListAt, pageOf, type CaseRef, type PageOf } from '../../shared/diagnosis/case-lists';
import { layersReport, type LayersReport } from '../../shared/diagnosis/layers-report';
import { diagnose, type DiagnosisReport } from '../../shared/diagnosis/report';
import { ApiError } from '../../shared/api/contract';
import { text as say } from '../../shared/messages/text';

/**
 * The Diagnosis page's two reports of one system, computed whole (every case of every cell, as
 * `touchstone diagnose` prints them) from one read of the file (kept between visits and brought up to
 * date with the labels written since: db/diagnosis-inputs.ts), and kept while nothing is written,
 * so the other half of the page, a second visit and the further cases of a list cost no new
 * computation. The page gets them with each list cut to its first cases (shared/diagnosis/case-lists.ts)
 * and the write stamp they were read at, which a "show more" names.
 */

/** Refuses a system version without responses in this file, naming the op asked. */
export function requireSystem(db: Db, system: string, op: string): void {
  if (!listSystems(db).some((s) => s.system === system)) {
    throw new ApiError('not-found', say('err.system.no-responses', { system }), { file: op, line: null, field: 'system' });
  }
}

interface WholePage {
  report: DiagnosisReport;
  layers: LayersReport;
  /** The two halves as the page gets them, cut once. */
  pages: { report: PageOf<DiagnosisReport>; layers: PageOf<LayersReport> };
}

function wholePage(db: Db, system: string): { value: WholePage; stamp: string } {
  const today = new Date().toISOString().slice(0, 10);
  return keptWhileUnwritten(db, 'diagnosis-page', `${system}\u0000${today}`, () => {
    // both inputs from one snapshot of the file; the computing is done outside the transaction
    const { base, layers } = diagnosisInputs(db, system, today);
    const whole = { report: diagnose(base), layers: layersReport(layers) };
    return { ...whole, pages: { report: pageOf(whole.report), layers: pageOf(whole.layers) } };
  });
}

export function reportPage(db: Db, system: string): PageOf<DiagnosisReport> & { version: string } {
  const { value, stamp } = wholePage(db, system);
  return { ...value.pages.report, version: stamp };
}

export function layersPage(db: Db, system: string): PageOf<LayersReport> & { version: string } {
  const { value, stamp } = wholePage(db, system);
  return { ...value.pages.layers, version: stamp };
}

/**
 * `limit` cases of a page list from `offset` on. Refused as a conflict when the file was written since
 * the page was read (`version`): the offsets of the page's list would skip or repeat cases of the new one.
 */
export function casesPage(db: Db, ask: { system: string; version: string; part: 'report' | 'layers'; list: string; offset: number; limit: number }): { total: number; cases: CaseRef[] } {
  const { value, stamp } = wholePage(db, ask.system);
  if (stamp !== ask.version) throw new ApiError('conflict', say('err.diagnosis.changed', {}), { file: 'diagnosis.cases', line: null, field: 'version' });
  const list = caseListAt(ask.part === 'report' ? value.report : value.layers, ask.list) as CaseRef[] | null;
  if (!list) throw new ApiError('not-found', say('err.diagnosis.list', { list: ask.list }), { file: 'diagnosis.cases', line: null, field: 'list' });
  return { total: list.length, cases: list.slice(ask.offset, ask.offset + ask.limit) };
}
