/** The one IPC channel between the preload and main (kept import-free so the preload bundle stays tiny). */
export const INVOKE_CHANNEL = 'touchstone:invoke';
