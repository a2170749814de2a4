/**
 * API overhead: requests per second of Lanebook's routes against Fastify's own hello world,
 * on this machine, in the same run (budget: at least 50%; DESIGN.md section 7).
 *   npx tsx bench/api-overhead.ts            (embedded PGlite)
 *   DATABASE_URL=postgres://... npx tsx bench/api-overhead.ts
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/seed.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`;

  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: null });
  const { app, auth } = await buildApp(database, {
    baseUrl: 'http://localhost:3000',
    authSecret: 'bench-secret-bench-secret-bench-secret!',
    mailFrom: 'bench@lanebook.local',
    logLevel: 'silent',
  });
  await seedDemo(database.db, auth).catch(() => false);
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

  const baseline = await measure(helloUrl);
  const health = await measure(`${base}/api/health`);
  const me = await measure(`${base}/api/private/me`, { authorization: `Bearer ${token}`, 'x-venue-id': 'demo-axe' });
  const lanes = await measure(`${base}/api/private/resources`, { authorization: `Bearer ${token}`, 'x-venue-id': 'demo-axe' });

  const row = (name: string, m: { rps: number; p99: number }) =>
    `${name.padEnd(42)} ${m.rps.toFixed(0).padStart(8)} req/s  p99 ${String(m.p99).padStart(4)} ms  ${((m.rps / baseline.rps) * 100).toFixed(0).padStart(4)}% of hello world`;
  console.log(`API overhead (${database.kind}, ${CONNECTIONS} connections, ${DURATION} s each)`);
  console.log(row('fastify hello world', baseline));
  console.log(row('GET /api/health (no session, no db)', health));
  console.log(row('GET /api/private/me (session + venue)', me));
  console.log(row('GET /api/private/resources (session + venue)', lanes));

  await app.close();
  await hello.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
