import { citationFigures, type CitationFigures } from './citations';
import { distractorsOnly, goldContextTable, noRetrievalBaseline, pairAcrossConditions, reorderedChange, type GoldContextTable, type NoRetrievalBaseline, type ReorderedChange, type UnsafeRate } from './conditions';
import { builtOnce, casesById } from './derived-once';
import { DocumentIndex } from './documents';
import { faithfulnessTable, type FaithfulnessTable } from './faithfulness';
import { layerSummary, type LayerSummary } from './layers';
import { quadrant, type Quadrant } from './quadrant';
import type { DiagnosisInput, DiagnosisSettings, DxDocument, DxResponse } from './types';

/** Everything the Diagnosis screen and `touchstone diagnose` show for one system version. */
export interface DiagnosisReport {
  system: string;
  settings: DiagnosisSettings;
  responses: { total: number; byCondition: Record<string, number>; duplicates: number };
  quadrant: Quadrant;
  faithfulness: FaithfulnessTable;
  goldContext: GoldContextTable;
  noRetrieval: NoRetrievalBaseline;
  distractorsOnly: UnsafeRate;
  reordered: ReorderedChange;
  citations: CitationFigures;
  layers: LayerSummary;
}

const documentIndex = builtOnce((documents: readonly DxDocument[]) => new DocumentIndex(documents));

export function diagnose(input: DiagnosisInput): DiagnosisReport {
  const cases = casesById(input.cases);
  const documents = documentIndex(input.documents);
  const { pairs, duplicates } = pairAcrossConditions(input.responses);
  // figures about the system as deployed read its normal responses only, one per case
  const normal: DxResponse[] = [];
  for (const p of pairs.values()) if (p.byCondition.normal) normal.push(p.byCondition.normal);
  const byCondition: Record<string, number> = {};
  for (const r of input.responses) byCondition[r.condition] = (byCondition[r.condition] ?? 0) + 1;
  const s = input.settings;
  return {
    system: input.system,
    settings: s,
    responses: { total: input.responses.length, byCondition, duplicates },
    quadrant: quadrant(normal, cases, { recall: s.recallThreshold, utilisation: s.utilisationThreshold }),
    faithfulness: faithfulnessTable(normal, s.faithfulnessThreshold),
    goldContext: goldContextTable(pairs, cases),
    noRetrieval: noRetrievalBaseline(pairs, cases, s.dependency),
    distractorsOnly: distractorsOnly(pairs),
    reordered: reorderedChange(pairs),
    citations: citationFigures(normal, cases, documents),
    layers: layerSummary(normal, cases, documents),
  };
}
