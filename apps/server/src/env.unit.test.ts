import { describe, expect, it } from 'vitest';
import { readEnv } from './env.js';

const SECRET = 'a'.repeat(32);

describe('AUTH_SECRET', () => {
  it('production refuses to start without it, naming it; an empty value is no value', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required in production/);
    expect(() => readEnv({ NODE_ENV: 'production', AUTH_SECRET: '' })).toThrow(/AUTH_SECRET: required in production/);
    expect(() => readEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/lanebook' })).toThrow(/AUTH_SECRET/);
    expect(readEnv({ NODE_ENV: 'production', AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET);
  });

  it('a short one is refused in every mode, naming it', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(() => readEnv({ NODE_ENV, AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: AUTH_SECRET must be at least 32 characters/);
    }
  });

  it('outside production it may be left out (main.ts generates one under DATA_DIR)', () => {
    expect(readEnv({}).AUTH_SECRET).toBeUndefined();
    expect(readEnv({ NODE_ENV: 'development' }).AUTH_SECRET).toBeUndefined();
    expect(readEnv({ NODE_ENV: 'test' }).AUTH_SECRET).toBeUndefined();
  });
});

describe('LISTEN_DATABASE_URL', () => {
  it('defaults to nothing (the LISTEN connection then uses DATABASE_URL), and needs DATABASE_URL', () => {
    const pooled = 'postgres://pgbouncer:6432/lanebook';
    const direct = 'postgres://db:5432/lanebook';
    expect(readEnv({ DATABASE_URL: pooled }).LISTEN_DATABASE_URL).toBeUndefined();
    expect(readEnv({ DATABASE_URL: pooled, LISTEN_DATABASE_URL: direct }).LISTEN_DATABASE_URL).toBe(direct);
    expect(() => readEnv({ LISTEN_DATABASE_URL: direct })).toThrow(/LISTEN_DATABASE_URL: set only with DATABASE_URL/);
    expect(() => readEnv({ DATABASE_URL: pooled, LISTEN_DATABASE_URL: 'mysql://db' })).toThrow(
      /LISTEN_DATABASE_URL: LISTEN_DATABASE_URL must start with postgres:\/\//,
    );
  });
});
