import { diagnosisInput } from '../../db/diagnosis';
import { layersInput } from '../../db/diagnosis-layers';
import { keptWhileUnwritten } from '../../db/kept-reads';
import type { Db } from '../../db/open';
import { layersReport, type LayersReport } from '../../shared/diagnosis/layers-report';
import { diagnose, type DiagnosisReport } from '../../shared/diagnosis/report';

/**
 * The Diagnosis page's two reports of one system, computed whole (every case of every cell, as
 * `touchstone diagnose` prints them) and kept while nothing is written, so a second visit, the
 * other half of the page and the "more cases" pages of a cell cost no new computation.
 */

const today = () => new Date().toISOString().slice(0, 10);

export function pageReport(db: Db, system: string): DiagnosisReport {
  const day = today();
  return keptWhileUnwritten(db, 'diagnosis-report', `${system}\u0000${day}`, () => diagnose(diagnosisInput(db, system, day)));
}

export function pageLayers(db: Db, system: string): LayersReport {
  return keptWhileUnwritten(db, 'diagnosis-layers', `${system}\u0000${today()}`, () => layersReport(layersInput(db, system)));
}
