/**
 * Child process of bench/lib/load.ts: runs autocannon once with the request given as its
 * argument and sends the summary back to the parent over IPC.
 */
import autocannon from 'autocannon';
import type { LoadRequest, LoadResult } from './load.js';

const request = JSON.parse(process.argv[2]) as LoadRequest;
const result = await autocannon({
  url: request.url,
  headers: request.headers,
  connections: request.connections,
  duration: request.durationSeconds,
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
