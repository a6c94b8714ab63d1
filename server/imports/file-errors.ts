import { text, type LocalText } from '../../shared/messages/text';

/** "Cannot read <path>: no such file" (or the system's reason), for a file given to read. */
export function unreadableFile(path: string, error: unknown): LocalText {
  const missing = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
  return text('err.file.unreadable', { file: path, reason: missing ? text('err.file.no-such-file') : (error as Error).message });
}
