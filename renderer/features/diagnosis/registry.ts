import { ContextSection } from './ContextSection';
import { GenerationSection } from './GenerationSection';
import { LayersSection } from './LayersSection';
import { RetrievalSection } from './RetrievalSection';
import type { DiagnosisSection } from './sections';

/** Every section of the Diagnosis page; add a layer's section here (see sections.ts). */
export const DIAGNOSIS_SECTIONS: readonly DiagnosisSection[] = [
  { id: 'layers', order: 0, Component: LayersSection },
  { id: 'retrieval', order: 20, Component: RetrievalSection },
  { id: 'context', order: 30, Component: ContextSection },
  { id: 'generation', order: 40, Component: GenerationSection },
];
