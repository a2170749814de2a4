import { z } from 'zod';

/** The only reader of process.env: parsed once, with a clear message for each bad value. */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  // The LISTEN connection's direct address when DATABASE_URL goes through PgBouncer (transaction pooling loses LISTEN).
  LISTEN_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'LISTEN_DATABASE_URL must start with postgres://')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  /** Gift card codes' hashing and sealing key (decision 045); AUTH_SECRET when not set. Set it once: changing it loses every code. */
  GIFT_CARD_SECRET: z.string().min(32, 'GIFT_CARD_SECRET must be at least 32 characters').optional(),
  SEED_DEMO: bool,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Lanebook <no-reply@lanebook.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().default('Single sign-on'),
  TRUST_PROXY: bool,
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1, 'SIGN_IN_RATE_LIMIT must be at least 1').default(10),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1, 'PUBLIC_RATE_LIMIT must be at least 1').default(300),
  PUBLIC_MISS_RATE_LIMIT: z.coerce.number().int().min(1, 'PUBLIC_MISS_RATE_LIMIT must be at least 1').default(30),
  SUPERADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  UPLOAD_QUOTA_MB: z.coerce
    .number('UPLOAD_QUOTA_MB must be a number of megabytes')
    .int('UPLOAD_QUOTA_MB must be a whole number of megabytes')
    .min(1, 'UPLOAD_QUOTA_MB must be at least 1')
    .default(200),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool,
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number('WEBHOOK_TIMEOUT_SECONDS must be a number of seconds')
    .min(1, 'WEBHOOK_TIMEOUT_SECONDS must be 1 to 60')
    .max(60, 'WEBHOOK_TIMEOUT_SECONDS must be 1 to 60')
    .default(10),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)')
    .optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe'], 'PAYMENTS_PROVIDER must be sandbox or stripe').optional(),
  VENUE_APPROVAL: z.enum(['manual', 'auto'], 'VENUE_APPROVAL must be manual or auto').default('manual'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/** Stripe takes both keys, or neither (the built-in sandbox). */
const stripePair = (env: Env) =>
  Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET)
    ? null
    : '  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both to use Stripe, or neither for the built-in sandbox';

/**
 * Which card payments the server takes: Stripe with its keys; the built-in sandbox when asked for
 * by name (PAYMENTS_PROVIDER=sandbox), or by default outside production; otherwise none, so a
 * production server never marks bookings paid with the sandbox's test card (decision 025).
 */
export function cardPaymentsOf(env: Env): 'stripe' | 'sandbox' | 'off' {
  if (env.PAYMENTS_PROVIDER === 'sandbox') return 'sandbox';
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) return 'stripe';
  return env.NODE_ENV === 'production' ? 'off' : 'sandbox';
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set" (VAR= in a shell or a compose file).
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // The generated DATA_DIR/auth-secret (main.ts) is for development: a file beside the data leaks with it (a backup, a misread path).
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.AUTH_SECRET)
    throw new Error('Invalid configuration:\n  AUTH_SECRET: required in production (32+ random characters, e.g. openssl rand -hex 32)');
  if (parsed.data.LISTEN_DATABASE_URL && !parsed.data.DATABASE_URL)
    throw new Error('Invalid configuration:\n  LISTEN_DATABASE_URL: set only with DATABASE_URL (the embedded database listens in-process)');
  const pair = stripePair(parsed.data);
  if (pair) throw new Error(`Invalid configuration:\n${pair}`);
  if (parsed.data.PAYMENTS_PROVIDER === 'stripe' && !parsed.data.STRIPE_SECRET_KEY)
    throw new Error('Invalid configuration:\n  PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return parsed.data;
}
