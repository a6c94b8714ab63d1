import { ApiError, type ApiErrorBody, type Envelope } from '../shared/api/contract';
import { text as say, type LocalText } from '../shared/messages/text';

/**
 * Messages between the main process and the backend utility process
 * (process.parentPort). Main sends requests and a shutdown; the backend
 * answers each request exactly once, with an envelope (never a throw).
 */

export interface BackendRequest {
  id: number;
  name: string;
  input: unknown;
}

export interface BackendShutdown {
  type: 'shutdown';
}

export type ToBackend = BackendRequest | BackendShutdown;

export interface BackendResponse {
  id: number;
  envelope: Envelope<unknown>;
}

/** Environment main hands to the backend process (the utility process has no `app` module to ask). */
export const BACKEND_ENV = {
  dataDir: 'TOUCHSTONE_DATA_DIR',
  newFilesDir: 'TOUCHSTONE_NEW_FILES_DIR',
  version: 'TOUCHSTONE_VERSION',
  sampleDir: 'TOUCHSTONE_SAMPLE_DIR',
  sqliteBinding: 'TOUCHSTONE_SQLITE_BINDING',
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function isBackendRequest(message: unknown): message is BackendRequest {
  return isRecord(message) && Number.isSafeInteger(message.id) && typeof message.name === 'string';
}

export function isBackendShutdown(message: unknown): message is BackendShutdown {
  return isRecord(message) && message.type === 'shutdown';
}

export function isBackendResponse(message: unknown): message is BackendResponse {
  return isRecord(message) && Number.isSafeInteger(message.id) && isRecord(message.envelope) && typeof message.envelope.ok === 'boolean';
}

/** Every answer main gives for the backend process being gone carries this code: the renderer keeps what it was writing and tries again. */
const unavailable = (sentence: LocalText): ApiErrorBody => new ApiError('backend-unavailable', sentence).toBody();

export const backendDownError = (detail: string): ApiErrorBody => unavailable(say('err.backend.stopped', { detail }));

export const backendUnavailableError = (): ApiErrorBody => unavailable(say('err.backend.not-running'));

export const backendUnreachableError = (detail: string): ApiErrorBody => unavailable(say('err.backend.unreachable', { detail }));

export const backendNotStartedError = (detail: string): ApiErrorBody => unavailable(say('err.backend.not-started', { detail }));

export const backendStoppingError = (): ApiErrorBody => unavailable(say('err.backend.stopping'));
