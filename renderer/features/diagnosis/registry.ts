import { AgentSection } from './AgentSection';
import { ConflictSetSection } from './ConflictSetSection';
import { ContextSection } from './ContextSection';
import { DataSection } from './DataSection';
import { DocumentChangesSection } from './DocumentChangesSection';
import { FailureTagsSection } from './FailureTagsSection';
import { HealthSection } from './HealthSection';
import { GenerationSection } from './GenerationSection';
import { LayersSection } from './LayersSection';
import { PermissionSection } from './PermissionSection';
import { RetrievalSection } from './RetrievalSection';
import { SplitToolSection } from './SplitToolSection';
import type { DiagnosisSection } from './sections';

/** Every section of the Diagnosis page; add a layer's section here (see sections.ts). */
export const DIAGNOSIS_SECTIONS: readonly DiagnosisSection[] = [
  { id: 'permission', order: -1, Component: PermissionSection },
  { id: 'layers', order: 0, Component: LayersSection },
  { id: 'data', order: 10, Component: DataSection },
  { id: 'document-changes', order: 12, Component: DocumentChangesSection },
  { id: 'conflict-set', order: 14, Component: ConflictSetSection },
  { id: 'retrieval', order: 20, Component: RetrievalSection },
  { id: 'context', order: 30, Component: ContextSection },
  { id: 'generation', order: 40, Component: GenerationSection },
  { id: 'agent', order: 50, Component: AgentSection },
  { id: 'failure-tags', order: 60, Component: FailureTagsSection },
  { id: 'health', order: 70, Component: HealthSection },
  { id: 'split-tool', order: 72, Component: SplitToolSection },
];
