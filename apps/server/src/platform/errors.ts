import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@lanebook/core';

/** The few error classes of the API; the one handler below maps them to HTTP. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ApiErrorBody['details'],
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'bad_request', message, field ? { fields: [{ path: field, message }] } : undefined);
export const unauthorized = (message = 'Sign in to continue.', code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Item') => new AppError(404, 'not_found', `${what} not found.`);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
/** The answer of every rate limit (ours and @fastify/rate-limit's): 429 with when to try again. */
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many attempts. Wait a minute and try again.', undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export const LOCK_TIMEOUT_MESSAGE = 'Someone else is changing this right now; try again.';
/** A lock that did not come in time (platform/locking.ts), or a deadlock PostgreSQL broke. */
export const lockTimeout = () => new AppError(409, 'lock_timeout', LOCK_TIMEOUT_MESSAGE);

/** A 400 naming every field that is wrong, from zod issues; the same shape as request validation. */
export function validationFailed(issues: { path: PropertyKey[]; message: string }[], where = 'body'): AppError {
  const fields = issues.map((issue) => ({ path: issue.path.map(String).join('.') || where, message: issue.message }));
  const first = fields[0];
  const message = first ? `${first.path}: ${first.message}` : `Invalid ${where}`;
  return new AppError(400, 'validation_failed', message, { fields });
}

/** The PostgreSQL error code of a failed query, through drizzle's wrapper when there is one. */
export function pgErrorCode(error: unknown): string | undefined {
  const seen = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = seen?.code ?? seen?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Seconds a client is told to wait while the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/**
 * The database cannot be reached (restart, failover, network): a 503 to retry, never a 500.
 * The health check names which database (`details.database`).
 */
export const databaseUnavailable = (database?: string) =>
  new AppError(
    503,
    'database_unavailable',
    `The database${database ? ` (${database})` : ''} is not reachable right now. Try again in a few seconds.`,
    database ? { database } : undefined,
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** The health check while the process is still starting (decision 027): not ready yet, ask again soon. */
export const serverStarting = () =>
  new AppError(503, 'starting', 'The server is starting. Try again in a few seconds.', undefined, {
    'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
  });

/** Socket errors of a connection that could not be made or was cut. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * pg's own words for a lost or unobtainable connection: "Connection terminated unexpectedly"
 * (and "... due to connection timeout"), the pool's "timeout exceeded when trying to connect",
 * and a client that already failed ("... is not queryable").
 */
const CONNECTION_MESSAGE = /connection terminated|timeout exceeded when trying to connect|is not queryable/i;

/**
 * Whether `error` (or what it wraps: drizzle's query error, Node's AggregateError of a
 * dual-stack connect) says the database was not reachable, rather than that it refused a query.
 */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_ERRNOS.has(code)) return true;
    // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57P05 idle_session_timeout; class 08: connection exceptions.
    if (code === '57P01' || code === '57P02' || code === '57P03' || code === '57P05' || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return isConnectionError(cause, depth + 1);
}

/**
 * Whether `error` says the database cannot do work right now, though it may be reached: out of
 * disk, memory or connections (SQLSTATE class 53), read-only (25006: a standby, or
 * default_transaction_read_only), an I/O error (58030), or, on PGlite, a file system that
 * refuses the write. Like a lost connection it passes with time or an operator: a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (isConnectionError(error)) return true;
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && (/^53[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_CODES.has(code))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
/** 25006 read_only_sql_transaction, 58030 io_error; the file system's full disk, quota and read-only mount. */
const UNAVAILABLE_CODES = new Set(['25006', '58030', 'ENOSPC', 'EDQUOT', 'EROFS']);

/**
 * What the database refused, as the API says it: the one place PostgreSQL error codes become
 * HTTP. A route may throw a more precise AppError first (collections name the duplicate key);
 * whatever reaches the handler unmapped is translated here. Null: not a refusal we know.
 */
export function databaseError(error: unknown): AppError | null {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  switch (pgErrorCode(error)) {
    case '23505': // unique_violation
      return new AppError(409, 'duplicate', 'This already exists: something else uses the same name or ID.');
    case '23503': // foreign_key_violation
      return new AppError(409, 'in_use', 'This is used by other records, or names a record that no longer exists.');
    case '23P01': // exclusion_violation (overlapping bookings)
      return new AppError(409, 'conflict', 'This overlaps with something that already exists (another booking of the same time).');
    case '55P03': // lock_not_available: lock_timeout
    case '57014': // query_canceled: statement timeout
    case '40P01': // deadlock_detected
      return lockTimeout();
    default:
      return null;
  }
}

type ZodIssueLike = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[]; issue?: { path?: PropertyKey[]; message?: string } };
};

/** The paths an issue is about: an unknown key names itself, not the object that holds it. */
function issuePaths(segments: PropertyKey[], issue: ZodIssueLike): string[] {
  const base = segments.map(String);
  const keys = issue.keyword === 'unrecognized_keys' ? (issue.params?.keys ?? []) : [];
  return keys.length ? keys.map((key) => [...base, key].join('.')) : [base.join('.')];
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const error = thrown instanceof AppError ? thrown : (databaseError(thrown) ?? thrown);
    if (error instanceof AppError) {
      const body: ApiErrorBody = { message: error.message, code: error.code };
      if (error.details) body.details = error.details;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const fields = (error.validation as ZodIssueLike[]).flatMap((issue) => {
        const segments = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
        const message = issue.params?.issue?.message ?? issue.message ?? 'Invalid value';
        return issuePaths(segments, issue).map((path) => ({ path: path || where, message }));
      });
      const first = fields[0];
      const message = first ? `${first.path === where ? `Invalid ${where}` : first.path}: ${first.message}` : `Invalid ${where}`;
      return reply.status(400).send({ message, code: 'validation_failed', details: { fields } } satisfies ApiErrorBody);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: error.message, code: status === 429 ? 'rate_limited' : 'bad_request' } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .type('application/json')
      .send({ message: 'Internal server error. Try again later.', code: 'internal' } satisfies ApiErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No route ${request.method} ${request.url.split('?')[0]}.`, code: 'not_found' } satisfies ApiErrorBody);
  });
}

/** A 400 naming one field, shaped like request validation's (details.fields). */
export const fieldError = (message: string, field: string) => validationFailed([{ path: [field], message }]);
