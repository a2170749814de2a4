import type { ApiErrorBody } from '@lanebook/core/api-schemas';
import {
  fillPath,
  type ApiAnswer,
  type ApiCallParts,
  type ApiMethod,
  type ApiOperation,
  type ApiOptionsArgument,
  type ApiPath,
} from '@lanebook/core/api/client';
import { INTERNAL_ERROR, NO_RESPONSE_ERROR, type ItemOperation } from '@lanebook/core/messages';
import { readSelectedVenue } from './venue-selection';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { path: string; message: string }[] = [],
    /** The request's method: what failed (a read, a create, an update, a delete) follows from it. */
    readonly method = 'GET',
  ) {
    super(message);
  }
}

/** Raw text longer than this is a page, not a message. */
const RAW_MESSAGE_MAX = 300;

/**
 * A failed answer as an ApiError. Its message follows decision 036's order: the response's
 * message, else its raw text (a proxy's "Bad gateway" says more than a generic text; an HTML error
 * page does not, so it is left out), else "Internal server error".
 */
async function failureOf(response: Response, method: string): Promise<ApiError> {
  const text = await response.text();
  let body: Partial<ApiErrorBody> | null = null;
  try {
    body = text ? (JSON.parse(text) as Partial<ApiErrorBody>) : null;
  } catch {
    body = null;
  }
  const raw = body === null ? text.trim() : '';
  const isHtml = (response.headers.get('content-type') ?? '').includes('html') || raw.startsWith('<');
  const rawMessage = raw && !isHtml && raw.length <= RAW_MESSAGE_MAX ? raw : '';
  const message = (typeof body?.message === 'string' && body.message) || rawMessage || INTERNAL_ERROR;
  const code = body?.code ?? 'error';
  if (response.status === 401) unauthorizedListeners.forEach((listener) => listener(code));
  return new ApiError(response.status, code, message, body?.details?.fields ?? [], method);
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
    throw new ApiError(0, 'no_response', NO_RESPONSE_ERROR, [], method);
  }
  if (!response.ok) throw await failureOf(response, method);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return null as T;
  }
}

/**
 * A file the API sends (a PDF, a CSV), fetched with the same headers as any call (the venue's
 * X-Venue-Id, which a plain link would not carry). The name comes from Content-Disposition, else `fallbackName`.
 * A GET, or a POST when the request has a body (a printable gift card is made for the code sent).
 */
async function fetchFile(path: string, fallbackName: string, options: RequestOptions = {}): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = {};
  const venueId = options.noVenue ? null : readSelectedVenue();
  if (venueId) headers['x-venue-id'] = venueId;
  const method = options.body === undefined ? 'GET' : 'POST';
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'no_response', NO_RESPONSE_ERROR, [], method);
  }
  if (!response.ok) throw await failureOf(response, method);
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

/** A typed call's options: the route's path parameters, query and body, and the request's own. */
export type CallOptions<O> = ApiCallParts<O> & Pick<RequestOptions, 'signal' | 'noVenue'>;

/** What every typed call's options are at run time, whatever its route. */
type CallParts = Pick<RequestOptions, 'query' | 'body' | 'signal' | 'noVenue'> & { path?: Record<string, string | number> };

function typedCall<M extends ApiMethod>(method: M) {
  return <P extends ApiPath<M>>(path: P, ...[options]: ApiOptionsArgument<CallOptions<ApiOperation<P, M>>>) => {
    const { path: params, ...rest } = (options ?? {}) as CallParts;
    return api<ApiAnswer<ApiOperation<P, M>>>(method.toUpperCase(), fillPath(path, params), rest);
  };
}

/**
 * The console's typed client of the API (decision 043), over `api` (same errors, same
 * X-Venue-Id): a call names its route as the OpenAPI document does and gets its answer's type,
 * `client.get('/api/private/users/{id}', { path: { id } })`.
 */
export const client = {
  get: typedCall('get'),
  post: typedCall('post'),
  put: typedCall('put'),
  patch: typedCall('patch'),
  delete: typedCall('delete'),
  /** A file (a PDF, a CSV) that a GET route sends, fetched as `http.file` does. */
  file: <P extends ApiPath<'get'>>(
    path: P,
    fallbackName: string,
    ...[options]: ApiOptionsArgument<CallOptions<ApiOperation<P, 'get'>>>
  ) => {
    const { path: params, ...rest } = (options ?? {}) as CallParts;
    return fetchFile(fillPath(path, params), fallbackName, rest);
  },
  /** A file that a POST route makes from its body (the printable gift card for its code), fetched as `http.file` does. */
  postFile: <P extends ApiPath<'post'>>(
    path: P,
    fallbackName: string,
    ...[options]: ApiOptionsArgument<CallOptions<ApiOperation<P, 'post'>>>
  ) => {
    const { path: params, ...rest } = (options ?? {}) as CallParts;
    return fetchFile(fillPath(path, params), fallbackName, rest);
  },
};

/**
 * What a failure's toast says (decision 036): the response's message or raw text (an ApiError
 * already chose between them), else the error's own message, else a nested cause's, else the
 * generic text; no answer at all has its own text (an ApiError with status 0).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  const cause = error instanceof Error ? error.cause : (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error && cause.message) return cause.message;
  return INTERNAL_ERROR;
}

/** Which item operation a failed call was, from its method (the danger alert of decision 036). */
export function itemOperationOf(error: unknown): ItemOperation {
  const method = error instanceof ApiError ? error.method : 'GET';
  if (method === 'POST') return 'creating';
  if (method === 'PUT' || method === 'PATCH') return 'updating';
  if (method === 'DELETE') return 'deleting';
  return 'receiving';
}
