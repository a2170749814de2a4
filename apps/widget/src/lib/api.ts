/**
 * The widget's one client of /api/public (same origin: the app runs on our server). Errors come
 * back as ApiError with the server's message, which is what the customer sees. A request of a
 * `kind` (dates, slots, price) aborts the earlier one of the same kind still in flight: only the
 * answer to the latest choice counts.
 */
import { fillPath, type ApiAnswer, type ApiCallParts, type ApiMethod, type ApiOperation, type ApiPath } from '@lanebook/core/api/client';

export interface FieldIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: FieldIssue[] = [],
  ) {
    super(message);
  }
}

export const NO_ANSWER = 'The server did not respond to the request. Try again later.';
export const SERVER_FAILED = 'Internal server error. Try again later.';

/** Whether an error is the abort of a request a newer one replaced (not shown to anyone). */
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

const inFlight = new Map<string, AbortController>();

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  headers?: Record<string, string>;
  /** Cancels the earlier request of this kind still in flight. */
  kind?: string;
  signal?: AbortSignal;
  /** 'omit' (no cookie of a staff member signed in on this origin goes with a customer's call) unless said. */
  credentials?: RequestCredentials;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let controller: AbortController | undefined;
  if (options.kind) {
    inFlight.get(options.kind)?.abort();
    controller = new AbortController();
    inFlight.set(options.kind, controller);
  }
  const signal = controller?.signal ?? options.signal;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      credentials: options.credentials ?? 'omit',
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(NO_ANSWER, 0, 'no_answer');
  } finally {
    if (options.kind && inFlight.get(options.kind) === controller) inFlight.delete(options.kind);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) throw errorOf(response.status, data);
  return data as T;
}

/** The one error shape `{ message, code, details: { fields } }`, or a generic message when the body is not it. */
export function errorOf(status: number, data: unknown): ApiError {
  const body = (data ?? {}) as { message?: unknown; code?: unknown; details?: { fields?: unknown } };
  const message = typeof body.message === 'string' && body.message ? body.message : SERVER_FAILED;
  const code = typeof body.code === 'string' ? body.code : 'error';
  const fields = Array.isArray(body.details?.fields)
    ? (body.details.fields as FieldIssue[]).filter((f) => typeof f?.path === 'string' && typeof f?.message === 'string')
    : [];
  return new ApiError(message, status, code, fields);
}

/** The URL of a typed call (decision 043): its route's path with the path parameters filled in, and its query. */
export function urlOf<M extends ApiMethod, P extends ApiPath<M>>(_method: M, path: P, parts: ApiCallParts<ApiOperation<P, M>>): string {
  const { path: params, query: search } = parts as { path?: Record<string, string>; query?: Record<string, string | number | undefined> };
  return fillPath(path, params) + query(search ?? {});
}

/** A typed call of a route of /api/public: its path, parameters, body and answer as the route declares them. */
export function call<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  parts: ApiCallParts<ApiOperation<P, M>> & Omit<RequestOptions, 'method' | 'body'>,
): Promise<ApiAnswer<ApiOperation<P, M>>> {
  const { body, kind, headers, signal, credentials } = parts as RequestOptions;
  return request(urlOf(method, path, parts), {
    method: method.toUpperCase() as RequestOptions['method'],
    body,
    kind,
    headers,
    signal,
    credentials,
  });
}

/** A path segment or query value as the URL needs it. */
export const seg = (value: string) => encodeURIComponent(value);

export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The message to show for anything a call threw. */
export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : error instanceof Error ? error.message : SERVER_FAILED;
