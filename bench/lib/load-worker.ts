/**
 * Child process of bench/lib/load.ts: runs autocannon once with the request the parent sends
 * as its first message and sends the summary back to the parent over IPC.
 */
import autocannon from 'autocannon';
import type { LoadRequest, LoadResult } from './load.js';

const request = await new Promise<LoadRequest>((resolve) => process.once('message', (message) => resolve(message as LoadRequest)));
let next = 0;
const result = await autocannon({
  url: request.url,
  headers: request.headers,
  connections: request.connections,
  duration: request.durationSeconds,
  ...(request.paths.length
    ? { requests: [{ setupRequest: (req) => ({ ...req, path: request.paths[next++ % request.paths.length] }) }] }
    : {}),
});
const summary: LoadResult = {
  rps: result.requests.average,
  requests: result.requests.total,
  p50: result.latency.p50,
  p97_5: result.latency.p97_5,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
};
process.send!(summary, () => process.exit(0));
