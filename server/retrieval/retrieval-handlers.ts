import type { Handlers } from '../../shared/api/contract';
import type { retrievalOps } from '../../shared/api/retrieval-ops';
import type { Db } from '../../db/open';
import { retrievalSystems } from '../../db/retrieval';
import { assemblyLossFor, caseFor, compareFor, curveFor, reportFor, responseHintFor } from './retrieval-service';

export type RetrievalHandlers = Pick<Handlers, keyof typeof retrievalOps>;

/** Retrieval measured against the evidence spans: the screen, the Label-view hint. */
export function createRetrievalHandlers(db: () => Db): RetrievalHandlers {
  return {
    'retrieval.systems': () => retrievalSystems(db()),
    'retrieval.report': (input) => reportFor(db(), input),
    'retrieval.curve': (input) => curveFor(db(), input),
    'retrieval.case': (input) => caseFor(db(), input),
    'retrieval.assemblyLoss': (input) => assemblyLossFor(db(), input),
    'retrieval.compare': (input) => compareFor(db(), input),
    'retrieval.responseHint': (input) => responseHintFor(db(), input),
  };
}
