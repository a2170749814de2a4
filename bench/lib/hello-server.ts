/**
 * Child process: Fastify's bare hello world, the baseline the API is compared to. It runs in a
 * process of its own so the Lanebook server in the bench process does not slow it down.
 * Sends `{ port }` to the parent once listening; exits when the parent goes away.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.on('disconnect', () => process.exit(0));
process.send!({ port: (app.server.address() as { port: number }).port });
