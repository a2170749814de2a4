/**
 * A second Lanebook server process on the same PostgreSQL database as a test's own server:
 * prints {"port": n} on its first line once it listens, stops on SIGTERM.
 * DATABASE_URL, LISTEN_DATABASE_URL (optional), AUTH_SECRET and WEBHOOK_ALLOW_PRIVATE_NETWORKS
 * (optional, for a receiver on loopback) come from the environment.
 */
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, listenDatabaseUrl: process.env.LISTEN_DATABASE_URL });
const { app } = await buildApp(database, {
  baseUrl: 'http://localhost:3000',
  authSecret: process.env.AUTH_SECRET ?? '',
  mailFrom: 'Lanebook <no-reply@lanebook.test>',
  logLevel: 'silent',
  webhookAllowPrivateNetworks: process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true',
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
