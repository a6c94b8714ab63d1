import { pushTo } from './rate';
import { normalizeForMatch } from './evidence';
import type { DxChunk, DxDocument } from './types';

/** The test set's documents, indexed for the diagnosis's rule checks. */
export class DocumentIndex {
  private readonly byDoc = new Map<string, DxDocument[]>();
  private readonly normalised = new Map<DxDocument, string>();

  constructor(documents: readonly DxDocument[]) {
    for (const d of documents) pushTo(this.byDoc, d.docId, d);
  }

  exists(docId: string): boolean {
    return this.byDoc.has(docId);
  }

  /** SPEC: visible when the document's scope includes `public` or shares a scope with the case (its current revision's scope). */
  visible(docId: string, caseScope: readonly string[]): boolean | null {
    const current = this.current(docId);
    if (!current) return null;
    return current.accessScope.includes('public') || current.accessScope.some((s) => caseScope.includes(s));
  }

  private readonly currentOf = new Map<string, DxDocument>();

  /** The document's current revision (its newest, else the last listed). */
  private current(docId: string): DxDocument | undefined {
    let d = this.currentOf.get(docId);
    if (d === undefined) {
      const revisions = this.byDoc.get(docId);
      if (!revisions) return undefined;
      this.currentOf.set(docId, (d = revisions.find((r) => r.newest) ?? revisions[revisions.length - 1]));
    }
    return d;
  }

  private readonly staleKnown = new Map<string, boolean>();

  private hasStale(docId: string, revisions: readonly DxDocument[]): boolean {
    let known = this.staleKnown.get(docId);
    if (known === undefined) this.staleKnown.set(docId, (known = revisions.some((d) => d.stale)));
    return known;
  }

  private text(d: DxDocument): string {
    let t = this.normalised.get(d);
    if (t === undefined) this.normalised.set(d, (t = normalizeForMatch(d.text ?? '')));
    return t;
  }

  /**
   * The stale revision a chunk comes from, or null: the revision it names, else the one whose text
   * holds the chunk's text when the current revision's does not.
   */
  staleRevisionOf(chunk: Pick<DxChunk, 'docId' | 'revision' | 'text'>): DxDocument | null {
    if (!chunk.docId) return null;
    const revisions = this.byDoc.get(chunk.docId);
    if (!revisions) return null;
    if (chunk.revision) {
      const named = revisions.find((d) => d.revision === chunk.revision);
      return named?.stale ? named : null;
    }
    // most documents have no stale revision: nothing to match
    if (!this.hasStale(chunk.docId, revisions)) return null;
    const text = normalizeForMatch(chunk.text);
    if (text === '') return null;
    const current = revisions.filter((d) => !d.stale);
    if (current.some((d) => this.text(d).includes(text))) return null;
    return revisions.find((d) => d.stale && this.text(d).includes(text)) ?? null;
  }
}
