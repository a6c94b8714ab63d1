import type { StoreApi, UseBoundStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

/**
 * Several fields of a store in one subscription: the component renders again only when one of
 * them changes (compared one by one, as separate selectors would be).
 */
export function usePick<S extends object, K extends keyof S>(store: UseBoundStore<StoreApi<S>>, ...keys: K[]): Pick<S, K> {
  return store(
    useShallow((state: S) => {
      const picked = {} as Pick<S, K>;
      for (const key of keys) picked[key] = state[key];
      return picked;
    }),
  );
}
