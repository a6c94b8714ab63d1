import { lazy, type ComponentType } from 'react';

export type LazyView = ComponentType & { preload(): Promise<unknown> };

/**
 * A screen fetched from its own script the first time it is shown (React.lazy over a named export), or
 * earlier by `preload`. Its styles come with it: a screen's CSS must only style that screen.
 */
export function lazyView<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyView {
  return Object.assign(lazy(async () => ({ default: (await load())[name] as ComponentType })), { preload: load });
}

/** Once the first screen has settled, the others are fetched while the window is idle, so the first switch to one does not wait. */
export function preloadWhenIdle(views: readonly LazyView[], afterMs = 3_000): () => void {
  const timer = setTimeout(() => {
    const next = (i: number) => {
      if (i >= views.length) return;
      const run = () => void views[i].preload().catch(() => undefined).then(() => next(i + 1));
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
      else setTimeout(run, 0);
    };
    next(0);
  }, afterMs);
  return () => clearTimeout(timer);
}
