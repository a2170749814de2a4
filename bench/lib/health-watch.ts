/**
 * Child process of bench/populate.ts: asks `/api/health` one request at a time until told to stop
 * and answers the slowest answer, how many took more than 100 ms, and how many were asked. A
 * watcher in the server's own process would wait on the same event loop it measures.
 */
const base = await new Promise<string>((resolve) => process.once('message', (message) => resolve(String(message))));
let stopped = false;
process.once('message', () => (stopped = true));
let slowest = 0;
let over100 = 0;
let count = 0;
while (!stopped) {
  const started = performance.now();
  await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
  const ms = performance.now() - started;
  slowest = Math.max(slowest, ms);
  if (ms > 100) over100 += 1;
  count += 1;
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.send!({ slowest, over100, count }, () => process.exit(0));
