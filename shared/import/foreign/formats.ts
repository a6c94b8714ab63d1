import { DEEPEVAL } from './deepeval';
import { LANGFUSE } from './langfuse';
import { LANGSMITH } from './langsmith';
import { OPENAI_EVALS } from './openai-evals';
import { PHOENIX } from './phoenix';
import { PROMPTFOO } from './promptfoo';
import { RAGAS } from './ragas';
import type { ForeignFormat, ForeignFormatName } from './record';
import { TRULENS } from './trulens';

/** In the order auto-detection tries them: the most specific fields first, Phoenix's generic input/output last. */
export const FOREIGN_FORMATS: readonly ForeignFormat[] = [RAGAS, DEEPEVAL, LANGFUSE, LANGSMITH, OPENAI_EVALS, TRULENS, PROMPTFOO, PHOENIX];

export function foreignFormat(name: ForeignFormatName): ForeignFormat | undefined {
  return FOREIGN_FORMATS.find((f) => f.format === name);
}
