import type { ApiErrorBody } from '@lanebook/core/api-schemas';
import { INTERNAL_ERROR, NO_RESPONSE_ERROR } from '@lanebook/core/messages';
import { readSelectedVenue } from './venue-selection';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send no X-Venue-Id (calls about the user, not the venue). */
  noVenue?: boolean;
}

/** Listeners for 401 answers: the session ended (signed out elsewhere, or the account was disabled). */
const unauthorizedListeners = new Set<(code: string) => void>();
export function onUnauthorized(listener: (code: string) => void) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function buildUrl(path: string, query?: Query) {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/**
 * The one way the console calls the API. The message of a failure follows one rule:
 * the server's message, else a generic one; no answer at all has its own message.
 */
export async function api<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const venueId = options.noVenue ? null : readSelectedVenue();
  if (venueId) headers['x-venue-id'] = venueId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'no_response', NO_RESPONSE_ERROR);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const body = (data ?? {}) as Partial<ApiErrorBody>;
    const message = body.message || (response.status >= 500 ? INTERNAL_ERROR : text || INTERNAL_ERROR);
    const code = body.code ?? 'error';
    if (response.status === 401) unauthorizedListeners.forEach((listener) => listener(code));
    throw new ApiError(response.status, code, message, body.details?.fields ?? []);
  }
  return data as T;
}

/**
 * A file the API sends (a PDF, a CSV), fetched with the same headers as any call (the venue's
 * X-Venue-Id, which a plain link would not carry). The name comes from Content-Disposition, else `fallbackName`.
 */
async function fetchFile(path: string, fallbackName: string, options: RequestOptions = {}): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = {};
  const venueId = options.noVenue ? null : readSelectedVenue();
  if (venueId) headers['x-venue-id'] = venueId;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { headers, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'no_response', NO_RESPONSE_ERROR);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: Partial<ApiErrorBody> = {};
    try {
      body = text ? (JSON.parse(text) as Partial<ApiErrorBody>) : {};
    } catch {
      body = {};
    }
    if (response.status === 401) unauthorizedListeners.forEach((listener) => listener(body.code ?? 'error'));
    throw new ApiError(response.status, body.code ?? 'error', body.message || INTERNAL_ERROR, body.details?.fields ?? []);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  let filename = fallbackName;
  if (match?.[1]) {
    try {
      filename = decodeURIComponent(match[1]);
    } catch {
      filename = match[1];
    }
  }
  return { blob: await response.blob(), filename };
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => api<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => api<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => api<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => api<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => api<T>('DELETE', path, options),
  file: fetchFile,
};

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return INTERNAL_ERROR;
}
