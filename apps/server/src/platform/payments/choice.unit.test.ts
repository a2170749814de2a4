import { describe, expect, it } from 'vitest';
import { cardPaymentsOf, readEnv } from '../../env.js';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
// Production needs AUTH_SECRET to start at all (env.unit.test.ts).
const AUTH = { AUTH_SECRET: 'a'.repeat(32) };
const choice = (env: Record<string, string>) => cardPaymentsOf(readEnv({ ...AUTH, ...env }));

describe('which card payments the server takes', () => {
  it('outside production: the sandbox without Stripe keys, Stripe with them', () => {
    expect(choice({})).toBe('sandbox');
    expect(choice({ NODE_ENV: 'development', ...STRIPE })).toBe('stripe');
  });
  it('in production: none without Stripe keys, the sandbox only when named, Stripe with its keys', () => {
    expect(choice({ NODE_ENV: 'production' })).toBe('off');
    expect(choice({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' })).toBe('sandbox');
    expect(choice({ NODE_ENV: 'production', ...STRIPE })).toBe('stripe');
    expect(choice({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe', ...STRIPE })).toBe('stripe');
  });
  it('refuses a provider it does not know, and Stripe by name without its keys', () => {
    expect(() => readEnv({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER must be sandbox or stripe/);
    expect(() => readEnv({ ...AUTH, NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER=stripe needs/);
  });
});
