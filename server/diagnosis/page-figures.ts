import { diagnosisInput } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { keptWhileUnwritten } from '../../db/kept-reads';
import { listSystems } from '../../db/label-reports';
import type { Db } from '../../db/open';
import { caseListAt, pageOf, type PageOf } from '../../shared/diagnosis/case-lists';
import { layersReport, type LayersReport } from '../../shared/diagnosis/layers-report';
import { diagnose, type DiagnosisReport } from '../../shared/diagnosis/report';
import { ApiError } from '../../shared/api/contract';
import { text as say } from '../../shared/messages/text';

/**
 * The Diagnosis page's two reports of one system, computed whole (every case of every cell, as
 * `touchstone diagnose` prints them) and kept while nothing is written, so a second visit, the
 * other half of the page and the further cases of a list cost no new computation. The page gets
 * them with each list cut to its first cases (shared/diagnosis/case-lists.ts).
 */

/** Refuses a system version without responses in this file, naming the op asked. */
export function requireSystem(db: Db, system: string, op: string): void {
  if (!listSystems(db).some((s) => s.system === system)) {
    throw new ApiError('not-found', say('err.system.no-responses', { system }), { file: op, line: null, field: 'system' });
  }
}

const today = () => new Date().toISOString().slice(0, 10);

function wholeReport(db: Db, system: string): DiagnosisReport {
  const day = today();
  return keptWhileUnwritten(db, 'diagnosis-report', `${system}\u0000${day}`, () => diagnose(diagnosisInput(db, system, day)));
}

function wholeLayers(db: Db, system: string): LayersReport {
  return keptWhileUnwritten(db, 'diagnosis-layers', `${system}\u0000${today()}`, () => layersReport(layersInput(db, system)));
}

export const reportPage = (db: Db, system: string): PageOf<DiagnosisReport> => pageOf(wholeReport(db, system));

export const layersPage = (db: Db, system: string): PageOf<LayersReport> => pageOf(wholeLayers(db, system));

/** `limit` cases of a page list from `offset` on, as the whole report holds them (null: no such list). */
export function casesPage(db: Db, ask: { system: string; part: 'report' | 'layers'; list: string; offset: number; limit: number }): { total: number; cases: CaseRef[] } {
  const whole = ask.part === 'report' ? wholeReport(db, ask.system) : wholeLayers(db, ask.system);
  // a list name is a path into the report: only a list of cases is answered
  const list = caseListAt(whole, ask.list) as CaseRef[] | null;
  if (!list) throw new ApiError('not-found', say('err.diagnosis.list', { list: ask.list }), { file: 'diagnosis.cases', line: null, field: 'list' });
  return { total: list.length, cases: list.slice(ask.offset, ask.offset + ask.limit) };
}

type CaseRef = { caseId: string; responseId: string };
