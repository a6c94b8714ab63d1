import { groupBy } from './group-by';

/** The failure taxonomy experts tag responses with, each tag under the layer it blames. */
export const FAILURE_TAGS = [
  { tag: 'not_indexed', layer: 'data' },
  { tag: 'stale_revision', layer: 'data' },
  { tag: 'acl_filtered', layer: 'permission' },
  { tag: 'rewrite_lost_term', layer: 'retrieval' },
  { tag: 'sparse_miss', layer: 'retrieval' },
  { tag: 'dense_miss', layer: 'retrieval' },
  { tag: 'rerank_drop', layer: 'retrieval' },
  { tag: 'chunk_boundary', layer: 'context-assembly' },
  { tag: 'unsupported_citation', layer: 'citation' },
  { tag: 'wrong_source_id', layer: 'citation' },
  { tag: 'missing_citation', layer: 'citation' },
  { tag: 'stale_citation', layer: 'citation' },
  { tag: 'inaccessible_citation', layer: 'citation' },
  { tag: 'single_source_on_conflict', layer: 'citation' },
] as const;

export type FailureTag = (typeof FAILURE_TAGS)[number]['tag'];
export type FailureTagLayer = (typeof FAILURE_TAGS)[number]['layer'];
export const FAILURE_TAG_NAMES: readonly FailureTag[] = FAILURE_TAGS.map((t) => t.tag);

const LAYER_OF = new Map<string, FailureTagLayer>(FAILURE_TAGS.map((t) => [t.tag, t.layer]));
export const layerOfTag = (tag: string): FailureTagLayer | null => LAYER_OF.get(tag) ?? null;

/** The per-response multi-select label the tags are recorded under: a set of tags from the taxonomy. */
export const FAILURE_TAGS_DIMENSION = 'failureTags';

/** The taxonomy in the order the spec lists it: the options of the default failureTags dimension. */
export const FAILURE_TAG_OPTIONS: readonly FailureTag[] = [
  'not_indexed', 'acl_filtered', 'rewrite_lost_term', 'chunk_boundary', 'sparse_miss', 'dense_miss', 'rerank_drop', 'stale_revision',
  'unsupported_citation', 'wrong_source_id', 'missing_citation', 'stale_citation', 'inaccessible_citation', 'single_source_on_conflict',
];

/** How many responses carry each tag, grouped by the layer it blames (tags outside the taxonomy under 'other'). */
export function tagDistribution(tagsPerResponse: readonly (readonly { tag: string }[])[]): { layer: FailureTagLayer | 'other'; tags: { tag: string; count: number }[] }[] {
  const counts = new Map<string, number>();
  for (const tags of tagsPerResponse) {
    // each tag once per response: counted at its first place in the response's list
    for (let i = 0; i < tags.length; i++) {
      const tag = tags[i].tag;
      let first = true;
      for (let j = 0; j < i && first; j++) first = tags[j].tag !== tag;
      if (first) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  const ordered = [...FAILURE_TAG_NAMES.filter((t) => counts.has(t)), ...[...counts.keys()].filter((t) => !LAYER_OF.has(t)).sort()];
  return [...groupBy(ordered, (tag) => layerOfTag(tag) ?? 'other')].map(([layer, tags]) => ({
    layer: layer as FailureTagLayer | 'other',
    tags: tags.map((tag) => ({ tag, count: counts.get(tag) ?? 0 })),
  }));
}
