import { FAILURE_TAG_NAMES, type FailureTag } from './failure-tags';
import type { StaleChunk } from './staleness';
import type { DxChunk } from './types';

/** A chunk as the suggestions read it: where it came from and its text. */
export interface RankedChunk {
  docId?: string | null;
  chunkId?: string | null;
  text: string;
  rank: number;
}

/** A failure tag the data proves, with what proves it; the expert confirms or dismisses it. */
export interface TagSuggestion {
  tag: Extract<FailureTag, 'chunk_boundary' | 'rerank_drop' | 'stale_revision'>;
  docId: string;
  quote?: string;
  chunkIds?: (string | null)[];
  candidateRank?: number;
  revision?: string;
}

export interface SuggestionInput {
  /** The evidence quotes of the case's claims. */
  evidence: readonly { docId: string; quote: string }[];
  finalContext: readonly RankedChunk[];
  /** The ranked candidates retrieved before assembly (empty when the run did not record them). */
  candidates: readonly RankedChunk[];
  /** The context size the system assembles (k). */
  k: number;
  stale: readonly StaleChunk[];
  /** Document texts by docId (the newest revision), to check that two chunks are neighbours. */
  documentText: (docId: string) => string | null;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const holds = (chunk: RankedChunk, docId: string, quote: string) => chunk.docId === docId && squeeze(chunk.text).includes(squeeze(quote));

/** Length of the longest end of `a` that begins `b`. */
function overlap(a: string, b: string): number {
  for (let n = Math.min(a.length, b.length); n > 0; n -= 1) if (a.endsWith(b.slice(0, n))) return n;
  return 0;
}

/**
 * A quote no single chunk holds, whose start ends one chunk and whose rest
 * begins another chunk of the same document (the two may overlap), and the two
 * chunks lie next to each other in the document text (checked when it is known).
 */
function boundarySplit(quote: string, chunks: readonly RankedChunk[], documentText: string | null): [RankedChunk, RankedChunk] | null {
  const q = squeeze(quote);
  for (const first of chunks) {
    const head = overlap(squeeze(first.text), q);
    if (head === 0 || head === q.length) continue;
    for (const second of chunks) {
      if (second === first) continue;
      const tail = squeeze(second.text);
      // The second chunk must begin somewhere inside the head and run to the quote's end.
      let continues = false;
      for (let j = 1; j <= head && !continues; j += 1) continues = tail.startsWith(q.slice(j));
      if (!continues) continue;
      if (documentText !== null && !neighbours(first.text, second.text, documentText)) continue;
      return [first, second];
    }
  }
  return null;
}

/** Whether `second` begins after `first` begins and no later than just past its end (overlap, or a line break between). */
function neighbours(first: string, second: string, documentText: string): boolean {
  const a = documentText.indexOf(first);
  const b = documentText.indexOf(second);
  return a !== -1 && b > a && b <= a + first.length + 2;
}

export function suggestTags(input: SuggestionInput): TagSuggestion[] {
  const out: TagSuggestion[] = [];
  const seen = new Set<string>();
  const add = (s: TagSuggestion) => {
    const key = `${s.tag}\u0000${s.docId}\u0000${s.quote ?? s.revision ?? ''}`;
    if (!seen.has(key)) out.push(s), seen.add(key);
  };
  for (const { docId, quote } of input.evidence) {
    const inContext = input.finalContext.some((c) => holds(c, docId, quote));
    const pool = [...input.finalContext, ...input.candidates].filter((c) => c.docId === docId);
    if (!inContext && !input.candidates.some((c) => holds(c, docId, quote))) {
      const split = boundarySplit(quote, pool, input.documentText(docId));
      if (split) add({ tag: 'chunk_boundary', docId, quote, chunkIds: split.map((c) => c.chunkId ?? null) });
    }
    const holding = input.candidates.filter((c) => holds(c, docId, quote)).sort((a, b) => a.rank - b.rank);
    if (holding.length > 0 && (!inContext || holding[0].rank > input.k)) {
      add({ tag: 'rerank_drop', docId, quote, candidateRank: holding[0].rank, chunkIds: [holding[0].chunkId ?? null] });
    }
  }
  for (const stale of input.stale) add({ tag: 'stale_revision', docId: stale.docId, revision: stale.revision, chunkIds: [stale.chunkId] });
  return out;
}

/**
 * The suggestions for one response: its chunks ranked by their own rank, else their place
 * (k = the size of its final context). One way for the Diagnosis figures and the Label step.
 */
export function suggestionsForResponse(
  response: { finalContext: readonly DxChunk[]; candidates: readonly DxChunk[] },
  evidence: readonly { docId: string; quote: string }[],
  stale: readonly StaleChunk[],
  documentText: (docId: string) => string | null,
): TagSuggestion[] {
  const rank = (chunks: readonly DxChunk[]) => chunks.map((chunk, i) => ({ ...chunk, rank: chunk.rank ?? i + 1 }));
  return suggestTags({ evidence, finalContext: rank(response.finalContext), candidates: rank(response.candidates), k: response.finalContext.length, stale, documentText });
}

/** The distinct tags suggested, in the taxonomy's order: what the failure-tags step proposes. */
export function suggestedTagList(suggestions: readonly TagSuggestion[]): FailureTag[] {
  const tags = new Set<string>(suggestions.map((s) => s.tag));
  return FAILURE_TAG_NAMES.filter((t) => tags.has(t));
}
