import type { LabelingItem } from '../../../shared/api/labeling-ops';

export type Direction = 'next' | 'previous' | 'nextUnfinished';
export type Travel = 'next' | 'previous';

/** The two reads the navigator needs, bound to one reviewer and one queue. */
export interface NavigatorReads {
  /** A case's item without the queue (no resume point written). */
  item(caseId: string): Promise<LabelingItem>;
  /** The neighbour of a case in the queue (null at either end). */
  neighbour(caseId: string, direction: Direction): Promise<string | null>;
}

export interface NavigatorLimits {
  /** Items kept, least recently shown dropped first. */
  maxCached: number;
  /**
   * Cases kept loaded ahead in the direction of travel, so a quick J J J never waits on the network. Each step
   * ahead costs a round trip (the queue is walked one neighbour at a time): 5 absorbs a busy server's slow answers
   * where 3 did not (bench: J held down on a loaded 2-core machine).
   */
  prefetchDepth: number;
}

const DEFAULT_LIMITS: NavigatorLimits = { maxCached: 24, prefetchDepth: 5 };

/**
 * Moving through one reviewer's queue: the items read ahead (cache and reads in
 * flight), the queue's neighbours, and the session's trail (back / forward, as
 * in a browser: K returns to the case just left even when the queue no longer
 * holds it — a finished case leaves "lacking my labels" — and J comes forward
 * again). One navigator serves one opened queue; `close` it when the queue,
 * reviewer or test set changes, and nothing it read is used again.
 */
export class CaseNavigator {
  private readonly items = new Map<string, LabelingItem>();
  private readonly neighbours = new Map<string, Partial<Record<Direction, string | null>>>();
  /** Reads in flight: a J that outruns the read-ahead waits for the read already asked for instead of asking again. */
  private readonly pendingItems = new Map<string, Promise<LabelingItem | null>>();
  private readonly pendingNeighbours = new Map<string, Promise<string | null>>();
  /** Bumped when the neighbours are dropped: a read-ahead walking them stops. */
  private epoch = 0;
  private closed = false;
  private back: string[] = [];
  private forward: string[] = [];
  /** The direction of the last move; the read-ahead follows it. */
  travel: Travel = 'next';

  constructor(private readonly reads: NavigatorReads, private readonly limits: NavigatorLimits = DEFAULT_LIMITS) {}

  cached(caseId: string): LabelingItem | undefined {
    return this.items.get(caseId);
  }

  isReading(caseId: string): boolean {
    return this.pendingItems.has(caseId);
  }

  /** Keeps an item read elsewhere (with the queue); the oldest is dropped past the limit. */
  remember(caseId: string, item: LabelingItem): void {
    if (this.closed) return;
    this.items.delete(caseId);
    this.items.set(caseId, item);
    while (this.items.size > this.limits.maxCached) this.items.delete(this.items.keys().next().value as string);
  }

  /** A case's item: from the cache, the read in flight, or a new read. Null when it failed, or was forgotten meanwhile. */
  loadItem(caseId: string): Promise<LabelingItem | null> {
    const cached = this.items.get(caseId);
    if (cached) return Promise.resolve(cached);
    const pending = this.pendingItems.get(caseId);
    if (pending) return pending;
    if (this.closed) return Promise.resolve(null);
    const request: Promise<LabelingItem | null> = this.reads.item(caseId).then(
      (item) => {
        if (this.pendingItems.get(caseId) !== request) return null;
        this.pendingItems.delete(caseId);
        this.remember(caseId, item);
        return item;
      },
      () => {
        if (this.pendingItems.get(caseId) === request) this.pendingItems.delete(caseId);
        return null;
      },
    );
    this.pendingItems.set(caseId, request);
    return request;
  }

  /** The neighbour already known (undefined: not asked yet). */
  knownNeighbour(caseId: string, direction: Direction): string | null | undefined {
    return this.neighbours.get(caseId)?.[direction];
  }

  /** The neighbour of a case: known, in flight, or asked for now (rejects when the read fails). */
  loadNeighbour(caseId: string, direction: Direction): Promise<string | null> {
    const known = this.knownNeighbour(caseId, direction);
    if (known !== undefined) return Promise.resolve(known);
    const key = `${caseId}\u0001${direction}`;
    const pending = this.pendingNeighbours.get(key);
    if (pending) return pending;
    const request: Promise<string | null> = this.reads.neighbour(caseId, direction).then(
      (id) => {
        if (this.pendingNeighbours.get(key) === request) {
          this.pendingNeighbours.delete(key);
          this.neighbours.set(caseId, { ...this.neighbours.get(caseId), [direction]: id });
        }
        return id;
      },
      (error: unknown) => {
        if (this.pendingNeighbours.get(key) === request) this.pendingNeighbours.delete(key);
        throw error;
      },
    );
    this.pendingNeighbours.set(key, request);
    return request;
  }

  /** A case changed (a label written or undone): its item is read again; a read still in flight is not kept (it may predate the change). */
  forgetCase(caseId: string): void {
    this.items.delete(caseId);
    this.pendingItems.delete(caseId);
  }

  /** The queue's membership may have changed (an undo): every neighbour is asked again. */
  forgetNeighbours(): void {
    this.neighbours.clear();
    this.pendingNeighbours.clear();
    this.epoch += 1;
  }

  /** A save can finish a case: which case is the next unfinished one must be asked again. */
  forgetUnfinished(caseId: string): void {
    const known = this.neighbours.get(caseId);
    if (known) this.neighbours.set(caseId, { next: known.next, previous: known.previous });
    this.pendingNeighbours.delete(`${caseId}\u0001nextUnfinished`);
  }

  /** Another queue, reviewer or test set: nothing cached or in flight is used again. */
  close(): void {
    this.closed = true;
    this.items.clear();
    this.pendingItems.clear();
    this.forgetNeighbours();
    this.back = [];
    this.forward = [];
  }

  /** J: the case the trail goes forward to (leaving `from` behind), or undefined when there is none. */
  forwardOnTrail(from: string): string | undefined {
    const target = this.forward.pop();
    if (target !== undefined) this.back.push(from);
    return target;
  }

  /** K: the case left before `from`, or undefined when there is none. */
  backOnTrail(from: string): string | undefined {
    const target = this.back.pop();
    if (target !== undefined) this.forward.push(from);
    return target;
  }

  /** Left `from` for a case found in the queue: the way forward is new, the old forward trail is dropped. */
  leftForward(from: string): void {
    this.back.push(from);
    this.forward = [];
  }

  /** Left `from` backwards for a case found in the queue. */
  leftBack(from: string): void {
    this.forward.push(from);
  }

  /**
   * Keeps the next cases in the direction of travel loaded: first the trail (J after K retraces it), then the
   * queue, one neighbour after another. Not stopped by the next key: the walk it started is the one that key needs.
   */
  async readAhead(caseId: string): Promise<void> {
    const epoch = this.epoch;
    const depth = this.limits.prefetchDepth;
    const trail = this.travel === 'next' ? this.forward : this.back;
    const ahead = trail.slice(-depth).reverse();
    for (const id of ahead) void this.loadItem(id);
    let from: string | null = ahead.length < trail.length ? null : ahead[ahead.length - 1] ?? caseId;
    for (let n = ahead.length; from !== null && n < depth; n += 1) {
      try {
        from = await this.loadNeighbour(from, this.travel);
      } catch {
        return;
      }
      if (epoch !== this.epoch || this.closed) return;
      if (from !== null) void this.loadItem(from);
    }
  }

  /**
   * Reads ahead, plus the case behind and the next unfinished one, so J, K and Enter on the summary show them at once.
   * `stillShown` stops it once another case is on screen.
   */
  async readAround(caseId: string, stillShown: () => boolean): Promise<void> {
    void this.readAhead(caseId);
    const behind = this.travel === 'next' ? this.back : this.forward;
    const directions: Direction[] = ['nextUnfinished'];
    if (behind.length > 0) void this.loadItem(behind[behind.length - 1]);
    else directions.push(this.travel === 'next' ? 'previous' : 'next');
    for (const direction of directions) {
      try {
        const id = await this.loadNeighbour(caseId, direction);
        if (!stillShown() || this.closed) return;
        if (id !== null && id !== caseId) void this.loadItem(id);
      } catch {
        // a neighbour that fails to load is asked for again when it is needed
      }
    }
  }
}
