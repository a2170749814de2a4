/**
 * Child process of bench/webhooks.ts: a webhook receiver on loopback that answers 200 to every
 * POST and counts the deliveries it got, and the repeats among them (by Lanebook-Event-Id: the bench writes one event per delivery).
 * It runs in a process of its own so its work is not charged to the server under measure.
 * Sends `{ port }` once listening; answers `{ received, repeats }` to any message; exits when
 * the parent goes away.
 */
import http from 'node:http';

const seen = new Set<string>();
let received = 0;
let repeats = 0;
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    const id = String(request.headers['lanebook-event-id'] ?? '');
    if (seen.has(id)) repeats += 1;
    seen.add(id);
    response.writeHead(200).end('ok');
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as { port: number }).port });
});
process.on('message', () => process.send!({ received, repeats }));
process.on('disconnect', () => process.exit(0));
