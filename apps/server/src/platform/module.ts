import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import type { Database } from '../db/client.js';
import type { AccessResolver } from './access.js';
import type { Auth, AuthOptions } from './auth.js';
import type { Jobs } from './jobs.js';
import type { Mailer } from './mail.js';
import type { PaymentProvider } from './payments/provider.js';
import type { Storage } from './storage.js';
import type { VenueReads } from './venue-reads.js';

/**
 * What app.ts composes and every module receives. It lives here, below the modules, so that a
 * module never imports app.ts (which imports every module): no cycle, not even a type-only one.
 */
export interface AppConfig {
  baseUrl: string;
  /** Other origins the console may be opened at (sign-in refuses any other). */
  extraOrigins?: string[];
  authSecret: string;
  /**
   * The secret gift card codes are hashed and sealed with (GIFT_CARD_SECRET, decision 045); AUTH_SECRET
   * when not given. Changing it makes every card's code unknown: it is set once, like the data.
   */
  giftCardSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Without SMTP, outside production: print the links of sign-up and password mails, so an account can be finished with no mail server. */
  printMailLinks?: boolean;
  google?: AuthOptions['google'];
  oidc?: AuthOptions['oidc'];
  signInPerMinute?: number;
  /** Widget (public) calls per minute per client address (PUBLIC_RATE_LIMIT); 300 when not given. */
  publicPerMinute?: number;
  /** Unknown booking references per minute per client address (PUBLIC_MISS_RATE_LIMIT), then 429 on every reference lookup until the minute ends; 30 when not given. */
  publicMissesPerMinute?: number;
  trustProxy?: boolean;
  logLevel?: string;
  /** Readable logs and one short line a request (development); JSON lines otherwise. */
  prettyLogs?: boolean;
  /** Folder for uploaded files (DATA_DIR/uploads); a fresh temporary folder when not given (tests). */
  uploadsDir?: string;
  /** Bytes of uploaded files each venue may keep (UPLOAD_QUOTA_MB); 200 MB when not given. */
  uploadQuotaBytes?: number;
  /** Webhooks may target loopback, private and link-local addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
  webhookAllowPrivateNetworks?: boolean;
  /** How long a webhook target may take to answer, in milliseconds (default 10 s). */
  webhookTimeoutMs?: number;
  /** The first retry's delay of a failed webhook delivery, doubling after (default 10 s). */
  webhookRetryDelaySeconds?: number;
  /**
   * Whether this process sweeps for due reminders every minute (default true). Tests turn it off:
   * a sweep landing inside a test would mail its bookings; they call the sweep with their own instants.
   */
  reminderSweep?: boolean;
  /**
   * Whether this process runs the hourly top-up of calendars kept populated ahead (default true,
   * decision 034). Tests turn it off and call topUpKeptCalendars with their own instants.
   */
  calendarTopUp?: boolean;
  /**
   * Whether this process runs the gift card sweeps, deliveries due and cards expiring (default
   * true, decision 045). Tests turn them off and call them with their own instants.
   */
  giftCardSweeps?: boolean;
  /** How often idle background workers look for jobs, in seconds (default 2; tests use less). */
  jobsPollingSeconds?: number;
  /** Real Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); the built-in sandbox when not given. `apiUrl` points the SDK elsewhere (tests' fake Stripe). */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  /** No card payments without `stripe` (production without PAYMENTS_PROVIDER=sandbox): card calls answer 409 payments_unavailable. */
  cardPaymentsOff?: boolean;
  /** VENUE_APPROVAL: `auto` makes a venue's request to go live take effect at once, without a superadmin (default manual). */
  venueApproval?: 'manual' | 'auto';
  /**
   * /api/health answers 503 `starting` until buildApp's `startupFinished()` is called: main.ts
   * still uses the database after listening (decision 027). Without it the app is ready once built.
   */
  readyAfterStartup?: boolean;
  /** Sees every route as it is registered: the client's coverage test lists them (openapi/document.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** Built console (apps/console/dist); served at / when present. */
  consoleDir?: string;
  /** Built widget (apps/widget/dist: index.html, widget.js, assets/); served at /widget.js and /widget/ when present. */
  widgetDir?: string;
}

export interface ModuleDeps {
  database: Database;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  access: AccessResolver;
  reads: VenueReads;
  jobs: Jobs;
  payments: PaymentProvider;
  config: AppConfig;
  /** Whether start-up has finished (AppConfig.readyAfterStartup): health says ready only then. */
  startup: { finished: boolean };
}

/** A module's routes: a Fastify plugin registered by app.ts with the shared dependencies. */
export type ModuleRoutes = FastifyPluginAsync<{ deps: ModuleDeps }>;

/**
 * A module's background work (its jobs.ts): the pg-boss workers, schedules and the change
 * notices that queue jobs, started by app.ts once every module's routes are registered.
 */
export type ModuleJobs = (deps: ModuleDeps, log: FastifyBaseLogger) => Promise<void>;

export type App = FastifyInstance;
export type TypedApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;
