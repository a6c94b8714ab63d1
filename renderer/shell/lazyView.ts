import { lazy, type ComponentType } from 'react';

/**
 * A screen fetched from its own script the first time it is shown (React.lazy over a named export).
 * Its styles come with it: a screen's CSS must only style that screen.
 */
export function lazyView<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
