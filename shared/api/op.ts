import { z } from 'zod';

/**
 * What an operation does besides answering:
 * - `writes: true`: it writes the open test set, so the backend runs it after the running import,
 *   pack merge or backup has finished (a locked file would otherwise refuse it);
 * - `writes: 'job'`: it writes through a job of its own that is scheduled (or refused) against the others,
 *   so it is not made to wait;
 * - `hostOnly`: only the desktop's main process can answer it (a native dialog, the menu); the backend
 *   answers it with a neutral value for browser mode.
 */
export interface OpMeta {
  writes?: true | 'job';
  hostOnly?: true;
}

export const op = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, meta: OpMeta = {}) => ({ input, output, ...meta });

/** The empty input of an operation that takes none. */
export const noInput = z.object({}).default({});
