import type { ContextChunk, ResponseRecord } from '../../../shared/domain/schemas';

/** The final context as the model saw it: rank order, stable for equal ranks. */
export function contextInRankOrder(chunks: readonly ContextChunk[]): ContextChunk[] {
  return chunks.map((chunk, index) => ({ chunk, index }))
    .sort((a, b) => a.chunk.rank - b.chunk.rank || a.index - b.index)
    .map(({ chunk }) => chunk);
}

export type CostField = 'inputTokens' | 'outputTokens' | 'latencyMs' | 'toolCalls';
export const COST_FIELDS: readonly CostField[] = ['inputTokens', 'outputTokens', 'latencyMs', 'toolCalls'];

/** The cost figures a response actually has, in display order. */
export function costEntries(response: ResponseRecord): { field: CostField; value: number }[] {
  const cost = response.cost;
  if (!cost) return [];
  return COST_FIELDS.flatMap((field) => {
    const value = cost[field];
    return typeof value === 'number' ? [{ field, value }] : [];
  });
}
