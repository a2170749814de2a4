import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { cardPaymentsOf, readEnv } from './env.js';
import { makeSuperadmins } from './modules/accounts/service.js';
import { activateDemoPayments } from './modules/payments/demo.js';
import { venueExists } from './modules/venues/service.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_VENUE_ID, seedDemo } from './seed.js';

const env = readEnv();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(env.DATA_DIR);
const cardPayments = cardPaymentsOf(env);

/**
 * Without AUTH_SECRET (development only: readEnv refuses production without it) a generated one
 * is kept in DATA_DIR, so sessions survive restarts.
 */
function authSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'auth-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Runs `step` until it succeeds, waiting longer each time (at most 30 s): for start-up after listening. */
async function untilDone<T>(what: string, step: () => Promise<T>): Promise<T> {
  for (let delayMs = 1000; ; delayMs = Math.min(delayMs * 2, 30_000)) {
    try {
      return await step();
    } catch (error) {
      console.warn(`Start-up: ${what} failed (${(error as Error).message}); trying again in ${delayMs / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/**
 * The start message between two rules (bold on a terminal), so it stands out from the log lines
 * around it; printed as plain lines, not as a log event, so it reads the same in production.
 */
function startMessage(lines: string[]): string {
  const rule = '='.repeat(Math.min(100, Math.max(...lines.map((line) => line.length))));
  const bold = process.stdout.isTTY ? (text: string) => `\x1b[1m${text}\x1b[22m` : (text: string) => text;
  return ['', rule, bold(lines[0]), ...lines.slice(1), rule, ''].join('\n');
}

async function main() {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, listenDatabaseUrl: env.LISTEN_DATABASE_URL, dataDir });
  const baseUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const { app, auth, payments, startupFinished } = await buildApp(database, {
    baseUrl,
    // Without PUBLIC_URL the server is reached on this machine: its other loopback names work too.
    extraOrigins: env.PUBLIC_URL ? [] : [`http://127.0.0.1:${env.PORT}`, `http://[::1]:${env.PORT}`],
    authSecret: authSecret(),
    giftCardSecret: env.GIFT_CARD_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    printMailLinks: !env.SMTP_URL && env.NODE_ENV !== 'production',
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, name: env.OIDC_NAME }
        : undefined,
    trustProxy: env.TRUST_PROXY,
    signInPerMinute: env.SIGN_IN_RATE_LIMIT,
    publicPerMinute: env.PUBLIC_RATE_LIMIT,
    publicMissesPerMinute: env.PUBLIC_MISS_RATE_LIMIT,
    logLevel: env.LOG_LEVEL,
    prettyLogs: env.NODE_ENV === 'development',
    consoleDir: path.join(repoRoot, 'apps/console/dist'),
    widgetDir: path.join(repoRoot, 'apps/widget/dist'),
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    webhookAllowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? false,
    webhookTimeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
    stripe:
      cardPayments === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : undefined,
    cardPaymentsOff: cardPayments === 'off',
    venueApproval: env.VENUE_APPROVAL,
    readyAfterStartup: true,
  });

  // One process at a time: several started together on an empty database seed it once.
  const seeded = await database.exclusively(async () => {
    const made = env.SEED_DEMO === false ? false : await seedDemo(database.db, auth);
    await makeSuperadmins(database.db, env.SUPERADMIN_EMAILS);
    return made;
  });

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: env.PORT, host: env.HOST });
  // From here on nothing ends the process: a step the database fails is tried again, and
  // /api/health answers 503 starting until every step is done.
  // After listening: the sandbox posts its account event to the app's own webhook.
  if (env.SEED_DEMO !== false)
    await untilDone('activating the demo payments', () =>
      database.exclusively(() => activateDemoPayments(database.db, payments, DEMO_VENUE_ID)),
    );
  const demoVenue = await untilDone('reading the demo venue', () => venueExists(database.db, DEMO_VENUE_ID));
  startupFinished();
  const where = database.kind === 'pglite' ? `embedded database in ${dataDir}` : 'PostgreSQL';
  const lines = [``, `Lanebook is running at ${baseUrl} (${where}).`];
  if (seeded || env.SEED_DEMO !== false) {
    lines.push(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const demo of DEMO_ACCOUNTS) lines.push(`  ${demo.email.padEnd(22)} ${demo.note}`);
  }
  lines.push(
    {
      stripe: `Card payments: Stripe${env.STRIPE_SECRET_KEY?.includes('_test_') ? ' (test mode)' : ''}; its webhook: ${baseUrl}/api/public/stripe/webhook`,
      sandbox: 'Card payments: the built-in sandbox (test card 4242 4242 4242 4242, any future expiry and CVC).',
      off: 'Card payments: OFF (production without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; PAYMENTS_PROVIDER=sandbox runs the test sandbox).',
    }[cardPayments],
  );
  if (demoVenue) lines.push(`Widget demo: ${baseUrl}/widget/demo?venue=${DEMO_VENUE_ID}`);
  if (!env.SMTP_URL)
    lines.push(
      env.NODE_ENV === 'production'
        ? 'Mail: no SMTP_URL, so mail stays in the outbox (superadmin: Outbox).'
        : 'Mail: no SMTP_URL, so mail stays in the outbox (superadmin: Outbox); sign-up confirmation and password links are printed here as they are sent.',
    );
  lines.push(`API docs: ${baseUrl}/api/docs`);
  console.log(startMessage(lines.slice(1)));
}

main().catch((error: Error) => {
  console.error(error.name === 'DataDirLockedError' ? error.message : error);
  process.exit(1);
});
