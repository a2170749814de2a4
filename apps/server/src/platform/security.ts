import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { AppError, validationFailed } from './errors.js';

/**
 * Security headers (docs/decisions/010-security-rules.md): a strict Content-Security-Policy for
 * the console (scripts from this origin only), no framing of the console, no MIME sniffing,
 * a referrer policy, and HSTS on requests that arrived over TLS. Pages that set their own CSP
 * (better-auth's sign-in popup, the widget to come) replace the header.
 *
 * helmet (the library behind @fastify/helmet) computes the headers once, here; the Fastify
 * plugin builds helmet anew on every request and sets each header on the raw response, which
 * cost about a third of the throughput of a cached read.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Mantine sets CSS variables and positions through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Social sign-in opens a popup that must be able to answer its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Sent below only when the request came over TLS: over plain HTTP it is meaningless.
    strictTransportSecurity: false,
  });
  const headers = headersOf(applyHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}

/** The headers helmet sets, computed once: they are the same for every answer. */
function headersOf(apply: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  apply({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A state-changing request signed in by cookie must prove that it comes from one of our own
 * pages: its Origin is trusted, or, without an Origin, the browser says same-origin. A
 * bearer token is never sent by a browser on its own, so it needs no such proof.
 */
export function assertTrustedOrigin(request: FastifyRequest, trustedOrigins: readonly string[]) {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const trusted = origin ? trustedOrigins.includes(origin) : request.headers['sec-fetch-site'] === 'same-origin';
  if (!trusted) {
    throw new AppError(
      403,
      'untrusted_origin',
      'This request did not come from Lanebook’s own pages. Scripts using the API send a bearer token instead of the session cookie.',
    );
  }
}

/** Deeper nesting than any of our bodies has is refused before anything walks it. */
const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text the database cannot store (a NUL byte; a lone surrogate, which is not Unicode) and
 * bodies nested deeper than MAX_DEPTH are a 400 naming the field, for every route, before
 * validation or a handler sees them.
 */
export function registerInputRules(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const;
    for (const [where, value] of parts) {
      const problem = findHostileValue(value);
      if (problem) throw validationFailed([{ path: problem.path, message: problem.message }], where);
    }
  });
}

/** The first hostile string or key in `value`, walked without recursion. */
export function findHostileValue(value: unknown): { path: string[]; message: string } | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const message = hostileText(current);
      if (message) return { path, message };
    } else if (current && typeof current === 'object') {
      if (path.length >= MAX_DEPTH) return { path, message: `Nested deeper than ${MAX_DEPTH} levels` };
      for (const [key, child] of Object.entries(current)) {
        const keyProblem = hostileText(key);
        if (keyProblem) return { path: [...path, key.replace(/\0/g, '\\0')], message: keyProblem };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

function hostileText(text: string): string | null {
  if (text.includes('\0')) return 'Must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text (it holds a lone surrogate)';
  return null;
}
