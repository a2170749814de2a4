import type { Database } from '../../apps/server/src/db/client.js';
import type { AppConfig } from '../../apps/server/src/platform/module.js';

/** How every benchmark builds the app. */
export const BENCH_APP_CONFIG: AppConfig = {
  baseUrl: 'http://localhost:3000',
  authSecret: 'bench-secret-bench-secret-bench-secret!',
  mailFrom: 'bench@lanebook.local',
  logLevel: 'silent',
  // One load generator is one client address: the widget's per-address limit would measure 429s.
  publicPerMinute: 1_000_000_000,
};

/**
 * A Lanebook server for a benchmark: built on the bench's database with the demo seeded,
 * listening on a free port, and signed in as the demo owner (a bearer token, as an API script
 * would). Imported lazily by the benchmarks, so a server that does not load fails the benchmark,
 * not the runner.
 */
export async function startBenchServer(database: Database, config: Partial<AppConfig> = {}) {
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { seedDemo } = await import('../../apps/server/src/seed.js');
  const { app, auth } = await buildApp(database, { ...BENCH_APP_CONFIG, ...config });
  try {
    await seedDemo(database.db, auth);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      // Sign-in is protected against cross-site requests: an API client names the console's origin.
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
    });
    const token = signIn.headers.get('set-auth-token');
    if (!token) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    return {
      app,
      base,
      /** Headers of the owner's requests in a venue. */
      headersFor: (venueId: string) => ({ authorization: `Bearer ${token}`, 'x-venue-id': venueId }),
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}
