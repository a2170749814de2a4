import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { AccessResolver, registerAccess } from './platform/access.js';
import { createAuth, registerAuthBridge } from './platform/auth.js';
import { rateLimited, registerErrorHandler } from './platform/errors.js';
import { registerOperationRule, registerResponseRule } from './platform/http.js';
import { openApiOptions } from './platform/openapi.js';
import { allowFraming, frameAncestorsFor, registerInputRules, registerPublicCors, registerSecurityHeaders } from './platform/security.js';
import { widgetDemoNotFoundPage, widgetDemoPage } from './platform/widget-demo.js';
import { createMailer, startMailSweep } from './platform/mail.js';
import { publicRateLimit } from './platform/rate-limits.js';
import { startJobs } from './platform/jobs.js';
import type { AppConfig, ModuleDeps, ModuleJobs, ModuleRoutes } from './platform/module.js';
import { healthRoutes } from './modules/health/routes.js';
import { meRoutes } from './modules/me/routes.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { venueRoutes } from './modules/venues/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { superadminRoutes } from './modules/superadmin/routes.js';
import { collectionRoutes } from './modules/collections/routes.js';
import { mailingTemplateRoutes } from './modules/mailing-templates/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { calendarRoutes } from './modules/calendar/routes.js';
import { calendarJobs } from './modules/calendar/jobs.js';
import { bookingRoutes } from './modules/bookings/routes.js';
import { bookingJobs } from './modules/bookings/jobs.js';
import { liveRoutes } from './modules/live/routes.js';
import { integrationRoutes } from './modules/integrations/routes.js';
import { integrationJobs } from './modules/integrations/jobs.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { paymentJobs } from './modules/payments/jobs.js';
import { signatureRoutes } from './modules/signatures/routes.js';
import { widgetRoutes } from './modules/widget/routes.js';
import { statisticsRoutes } from './modules/statistics/routes.js';
import { loggerOptions, logShortRequests } from './platform/request-log.js';
import { affiliateRoutes } from './modules/affiliates/routes.js';
import { giftCardRoutes } from './modules/gift-cards/routes.js';
import { guestRoutes } from './modules/guests/routes.js';
import { checkInRoutes } from './modules/check-in/routes.js';
import { kioskRoutes } from './modules/kiosks/routes.js';
import { giftCardJobs } from './modules/gift-cards/jobs.js';
import { startPayments } from './platform/payments/index.js';
import { createDiskStorage } from './platform/storage.js';
import { VenueReads } from './platform/venue-reads.js';

/** Every module's routes, registered in this order with the same dependencies. */
const MODULES: ModuleRoutes[] = [
  healthRoutes,
  meRoutes,
  onboardingRoutes,
  venueRoutes,
  userRoutes,
  invitationRoutes,
  superadminRoutes,
  mailingTemplateRoutes,
  collectionRoutes,
  mediaRoutes,
  calendarRoutes,
  bookingRoutes,
  liveRoutes,
  integrationRoutes,
  paymentRoutes,
  signatureRoutes,
  widgetRoutes,
  statisticsRoutes,
  affiliateRoutes,
  giftCardRoutes,
  guestRoutes,
  checkInRoutes,
  kioskRoutes,
];

/** The modules' background work (each module's jobs.ts, decision 041), started in this order once every route is registered. */
const MODULE_JOBS: ModuleJobs[] = [calendarJobs, bookingJobs, integrationJobs, paymentJobs, giftCardJobs];

export async function buildApp(database: Database, config: AppConfig) {
  const app = Fastify({
    ...loggerOptions(config.logLevel, config.prettyLogs ?? false),
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (config.onRoute) app.addHook('onRoute', config.onRoute);
  registerErrorHandler(app);
  if (config.prettyLogs) logShortRequests(app);

  const mailer = createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, printLinks: config.printMailLinks });
  const auth = createAuth({
    db: database.db,
    mailer,
    baseUrl: config.baseUrl,
    extraOrigins: config.extraOrigins,
    secret: config.authSecret,
    google: config.google,
    oidc: config.oidc,
    signInPerMinute: config.signInPerMinute,
  });
  const { authCookies } = await auth.$context;
  const access = new AccessResolver(
    database,
    auth,
    config.authSecret,
    { sessionToken: authCookies.sessionToken.name, dontRemember: authCookies.dontRememberToken.name },
    { missesPerMinute: config.publicMissesPerMinute },
  );
  await access.start();
  const trustedOrigins = [config.baseUrl, ...(config.extraOrigins ?? [])].map((url) => new URL(url).origin);
  // Before the access step's hooks: a public route's lookup must never see a NUL or a lone surrogate.
  registerInputRules(app);
  registerAccess(app, access, trustedOrigins);
  registerResponseRule(app);
  registerOperationRule(app);
  const reads = new VenueReads(database.notifications);
  await reads.start();

  registerSecurityHeaders(app);
  // Per-route limits (config.rateLimit), after the access step so a limit can count per user;
  // the public ones count in onRequest (publicRateLimit), before their lookup.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
  });
  registerPublicCors(app, (origin) => access.isWidgetOrigin(origin), publicRateLimit(config));
  // Console assets and API answers go out compressed when the client accepts it (small ones stay plain).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, openApiOptions(config.baseUrl, authCookies.sessionToken.name));
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  // swagger-ui registers its own routes without our access declaration; they are public docs.

  // Form bodies only where sign-in callbacks need them: elsewhere a form post is refused (CSRF).
  await app.register(async (scope) => {
    await scope.register(formbody);
    registerAuthBridge(scope, auth, config.baseUrl, database);
  });
  const jobs = await startJobs(database, { pollingIntervalSeconds: config.jobsPollingSeconds });
  // Workers stop (finishing what they run) before the database closes.
  app.addHook('onClose', () => jobs.stop());
  // Mail queued in a transaction whose hand-over was lost, and mail the mailer retries itself (decision 020).
  await startMailSweep(mailer, jobs);
  const deps: ModuleDeps = {
    database,
    auth,
    mailer,
    storage: createDiskStorage(config.uploadsDir ?? mkdtempSync(path.join(os.tmpdir(), 'lanebook-uploads-'))),
    access,
    reads,
    jobs,
    payments: await startPayments(app, database, jobs, config, (venueId) => widgetFrameAncestors(access, venueId)),
    config: { ...config },
    startup: { finished: !config.readyAfterStartup },
  };
  for (const routes of MODULES) await app.register(routes, { deps });
  for (const moduleJobs of MODULE_JOBS) await moduleJobs(deps, app.log);

  const consoleRoot = builtDir(config.consoleDir, ['index.html']);
  const widgetRoot = builtDir(config.widgetDir, ['index.html', 'widget.js']);
  const roots = [consoleRoot, widgetRoot].filter((root): root is string => root !== null);
  if (roots.length) app.register(fastifyStatic, { root: roots, serve: false });
  registerWidget(app, widgetRoot, access);
  registerConsole(app, consoleRoot);
  const startupFinished = () => {
    deps.startup.finished = true;
  };
  return { app, auth, mailer, jobs, payments: deps.payments, startupFinished };
}

/** The folder of a build when it holds every one of `files`, else null (not built). */
function builtDir(dir: string | undefined, files: string[]): string | null {
  if (!dir || !files.every((file) => existsSync(path.join(dir, file)))) return null;
  return path.resolve(dir);
}

/** Who may frame a page of this venue's widget (decision 024): its widget origins; only us without a venue. */
async function widgetFrameAncestors(access: AccessResolver, venueId: string | null): Promise<string> {
  const row = venueId ? await access.publicVenueRow(venueId) : null;
  return frameAncestorsFor(row ? row.widgetOrigins : null);
}

/** A file of a build under `root`, when the URL path names one (never a dot folder such as .vite/). */
function fileUnder(root: string, relativePath: string): string | null {
  const hidden = relativePath.split('/').some((segment) => segment.startsWith('.'));
  const file = path.join(root, relativePath);
  if (hidden || !file.startsWith(root + path.sep) || !path.extname(file) || !existsSync(file)) return null;
  return path.relative(root, file);
}

const WIDGET_NOT_BUILT = 'The widget is not built yet: run `npm run build`.';

/**
 * The widget (decision 024): the loader at /widget.js, the app's files under /widget/assets/,
 * its index.html for every other page under /widget/ (framed by the venue's sites), and the
 * demo page /widget/demo.
 */
function registerWidget(app: FastifyInstance, root: string | null, access: AccessResolver) {
  const config = { access: { public: true as const } };
  const schema = { hide: true };

  app.get('/widget.js', { config, schema }, async (_request, reply) => {
    if (!root) return reply.type('text/plain').status(503).send(WIDGET_NOT_BUILT);
    return (
      reply
        .header('cache-control', 'public, max-age=300')
        .header('content-type', 'text/javascript; charset=utf-8')
        // Venues' pages load it from their own origins: the default same-origin policy would block it.
        .header('cross-origin-resource-policy', 'cross-origin')
        .sendFile('widget.js', root, { contentType: false, cacheControl: false })
    );
  });

  app.get('/widget', { config, schema }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`/widget/${query >= 0 ? request.url.slice(query) : ''}`, 302);
  });

  app.get('/widget/demo', { config, schema }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const venueId = typeof query.venue === 'string' ? query.venue : '';
    const templateId = typeof query.template === 'string' && query.template ? query.template : null;
    const row = venueId ? await access.publicVenueRow(venueId) : null;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!row) return reply.status(404).send(widgetDemoNotFoundPage());
    // The console's live preview of a template shows it in a frame.
    allowFraming(reply, "'self'", 'other');
    return reply.send(widgetDemoPage(row, templateId));
  });

  app.get('/widget/*', { config, schema }, async (request, reply) => {
    if (!root) return reply.type('text/plain').status(503).send(WIDGET_NOT_BUILT);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0]);
    } catch {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (path.extname(urlPath)) {
      const file = fileUnder(root, urlPath.slice('/widget/'.length));
      if (!file) return reply.status(404).type('text/plain').send('Not found');
      const immutable = urlPath.startsWith('/widget/assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file, root, { cacheControl: false });
    }
    allowFraming(reply, await widgetFrameAncestors(access, await venueOfWidgetPage(access, request.url)), 'widget');
    // The booking flow's first call starts with the page, not after the app has loaded.
    const configPath = urlPath === '/widget/' ? widgetConfigPath(request.url) : null;
    if (configPath) reply.header('link', `<${configPath}>; rel=preload; as=fetch; crossorigin=anonymous`);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
  });
}

/** The configuration call of the flow page at `url`, as the widget makes it (apps/widget/src/lib/calls.ts). */
function widgetConfigPath(url: string): string | null {
  const params = new URL(url, 'http://widget.invalid').searchParams;
  const venue = params.get('venue');
  if (!venue) return null;
  const template = params.get('template');
  const search = template ? `?${new URLSearchParams({ template }).toString()}` : '';
  return `/api/public/widget/${encodeURIComponent(venue)}${search}`;
}

/** The venue of a widget page: its `venue` parameter, or for /widget/booking/<reference> the booking's venue. */
async function venueOfWidgetPage(access: AccessResolver, url: string): Promise<string | null> {
  const parsed = new URL(url, 'http://widget.invalid');
  const venue = parsed.searchParams.get('venue');
  if (venue) return venue;
  const booking = /^\/widget\/booking\/([A-Za-z0-9_-]{1,100})(\/|$)/.exec(parsed.pathname);
  return booking ? access.publicVenueIdOf('booking', booking[1]) : null;
}

/** The console is a single-page app: files from its build, and index.html for every other page path. */
function registerConsole(app: FastifyInstance, root: string | null) {
  app.get('/*', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (urlPath.startsWith('/api/')) {
      return reply.status(404).send({ message: `No route GET ${urlPath}.`, code: 'not_found' });
    }
    if (!root) {
      return reply.type('text/plain').status(503).send('The console is not built yet: run `npm run build`.');
    }
    const file = path.join(root, urlPath);
    // Build metadata under dot folders (.vite/manifest.json) is not for browsers.
    const hidden = urlPath.split('/').some((segment) => segment.startsWith('.'));
    if (!hidden && file.startsWith(root + path.sep) && path.extname(file) && existsSync(file)) {
      const immutable = urlPath.startsWith('/assets/');
      return (
        reply
          .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
          // cacheControl: false, or @fastify/static's own max-age=0 replaces the header above.
          .sendFile(path.relative(root, file), root, { cacheControl: false })
      );
    }
    if (path.extname(urlPath)) return reply.status(404).type('text/plain').send('Not found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
  });
}
