import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { AppError, validationFailed } from './errors.js';

/**
 * Security headers (docs/decisions/010-security-rules.md): a strict Content-Security-Policy for
 * the console (scripts from this origin only), no framing of the console, no MIME sniffing,
 * a referrer policy, and HSTS on requests that arrived over TLS. Pages that set their own CSP
 * (better-auth's sign-in popup, the widget's pages through allowFraming) replace the header.
 *
 * helmet (the library behind @fastify/helmet) computes the headers once, here; the Fastify
 * plugin builds helmet anew on every request and sets each header on the raw response, which
 * cost about a third of the throughput of a cached read.
 */
const HEADERS = headersOf(
  helmet({
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
  }),
);

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}

/**
 * The widget app's pages (decision 024): its own scripts and styles, images of uploads and
 * data URLs, calls to this origin only; framed as `frameAncestorsFor` says.
 */
const WIDGET_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'self'";

/**
 * Who may frame a widget page or the sandbox checkout shown in it (decision 024): this origin
 * and the venue's widgetOrigins; any site when the venue lists none; only this origin when the
 * page names no venue (null).
 */
export function frameAncestorsFor(widgetOrigins: readonly string[] | null): string {
  if (widgetOrigins === null) return "'self'";
  // Stored origins passed venueFieldsSchema; anything else (a hand-edited row) is left out rather than let into the header.
  const origins = widgetOrigins.filter((origin) => /^https?:\/\/[a-z0-9.[\]:-]+$/i.test(origin));
  if (widgetOrigins.length === 0) return '*';
  return ["'self'", ...origins].join(' ');
}

/**
 * Lets a page be framed by `frameAncestors` (frameAncestorsFor): the widget app's page with the
 * widget's policy, or a page keeping the console's policy (the sandbox checkout) with only its
 * frame-ancestors changed. X-Frame-Options cannot name origins, so it goes.
 */
export function allowFraming(reply: FastifyReply, frameAncestors: string, page: 'widget' | 'other') {
  const csp =
    page === 'widget'
      ? `${WIDGET_PAGE_CSP}; frame-ancestors ${frameAncestors}`
      : HEADERS['content-security-policy'].replace(/frame-ancestors [^;]*/, `frame-ancestors ${frameAncestors}`);
  reply.header('content-security-policy', csp);
  reply.removeHeader('x-frame-options');
}

/** What a widget origin's calls may use (decision 024). */
const CORS_METHODS = 'GET, POST, PATCH';
const CORS_HEADERS = 'content-type, idempotency-key';

/**
 * CORS for /api/public (decision 024): an answer names the request's Origin as allowed when it is
 * one of the widgetOrigins of the venue the call resolved to (request.venue); a preflight is
 * allowed for an origin some venue lists. No credentials: the public API uses none.
 */
export function registerPublicCors(app: FastifyInstance, isWidgetOrigin: (origin: string) => Promise<boolean>, rateLimit: object) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/public/')) return payload;
    addVary(reply, 'Origin');
    const origin = request.headers.origin;
    if (origin && request.venue?.row.widgetOrigins.includes(origin)) reply.header('access-control-allow-origin', origin);
    return payload;
  });
  app.options('/api/public/*', { config: { access: { public: true }, rateLimit }, schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && (await isWidgetOrigin(origin))) {
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': CORS_METHODS,
        'access-control-allow-headers': CORS_HEADERS,
        'access-control-max-age': '600',
      });
    }
    return reply.status(204).send();
  });
}

function addVary(reply: FastifyReply, name: string) {
  const current = reply.getHeader('vary');
  const list =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === name.toLowerCase() || v === '*')) list.push(name);
  reply.header('vary', list.join(', '));
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
