import type { ComponentType } from 'react';
import type { DiagnosisReport } from './store';

/**
 * The Diagnosis page is a column of sections, one per layer, read top-down like the method:
 * data → retrieval → context → generation → agent. A feature adds its own section by listing it in
 * DIAGNOSIS_SECTIONS (a component of its own, with its own data if it needs more than the report);
 * the page renders them in `order`. Leave gaps in the numbers for sections still to come.
 */
export interface DiagnosisSectionProps {
  system: string;
  report: DiagnosisReport;
}

export interface DiagnosisSection {
  id: string;
  /** Position on the page: summary 0, permission 5, data 10, retrieval 20, context 30, generation 40, agent 50. */
  order: number;
  Component: ComponentType<DiagnosisSectionProps>;
}
