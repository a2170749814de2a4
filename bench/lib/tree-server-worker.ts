/**
 * Child process of bench/lib/tree-server.ts: the Lanebook server of a source tree (this one, or
 * another commit's worktree with its own node_modules) on a database that is ready (migrated by a
 * newer tree is fine: an older tree's migrations are all applied already), as the benches build
 * it (bench/lib/server.ts's config, the demo owner signed in). Sends `{ port, token }` to the
 * parent, and closes on the message 'stop'. A process of its own, so its CPU (/proc) is the
 * server's alone and two trees' servers can be measured side by side in one run.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_APP_CONFIG } from './server.js';

export interface TreeServerRequest {
  /** The source tree's root: its apps/server is the server that runs. */
  root: string;
  databaseUrl: string;
}

export interface TreeServerReady {
  port: number;
  /** The demo owner's bearer token. */
  token: string;
}

const request = JSON.parse(process.argv[2]) as TreeServerRequest;
const fromTree = (file: string) => pathToFileURL(path.join(request.root, 'apps/server/src', file)).href;
const { openDatabase } = (await import(fromTree('db/client.ts'))) as typeof import('../../apps/server/src/db/client.js');
const { buildApp } = (await import(fromTree('app.ts'))) as typeof import('../../apps/server/src/app.js');

const database = await openDatabase({ databaseUrl: request.databaseUrl });
// Each load client books from an address of its own, as customers do (the unpaid-bookings limit is per address).
const { app } = await buildApp(database, { ...BENCH_APP_CONFIG, trustProxy: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
  body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
});
const token = signIn.headers.get('set-auth-token');
if (!token) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
const stop = async () => {
  await app.close();
  await database.close();
  // process.exit, not the loop running dry: --cpu-prof writes its profile at exit either way.
  process.exit(0);
};
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
// A bench that ends without stopping its servers (killed, failed) leaves none behind.
process.on('disconnect', () => void stop());
const ready: TreeServerReady = { port, token };
process.send!(ready);
