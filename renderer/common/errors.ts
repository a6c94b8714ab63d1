import type { ApiErrorBody } from '../../shared/api/contract';
import { RemoteError } from '../api/transport';

/** Any thrown value as the error shape the UI shows (message + file/line/field when known). */
export function toErrorBody(error: unknown): ApiErrorBody {
  if (error instanceof RemoteError) return error.body;
  if (error instanceof Error) return { code: 'internal', message: error.message, location: null };
  return { code: 'internal', message: String(error), location: null };
}
