import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadOptions {
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds: number;
  /** Paths (with query) on `url`'s origin asked in turn, one a request, instead of `url` alone. */
  paths?: string[];
}

export interface LoadResult {
  /** Average requests per second over the run. */
  rps: number;
  /** Requests answered over the run. */
  requests: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  /** autocannon's percentiles skip 95: p97.5 is the nearest above it, a bound on p95. */
  p97_5: number;
  p99: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

/** What the parent sends the worker as its first message. */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  paths: string[];
}

const workerPath = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

/**
 * Loads `url` with autocannon from a child process: a load generator in the server's own
 * process takes CPU from the event loop it measures, and every figure comes out smaller.
 * Throws when any answer was not 2xx or any request failed: such a figure measures errors.
 */
export async function measure(url: string, options: LoadOptions): Promise<LoadResult> {
  const request: LoadRequest = {
    url,
    headers: options.headers ?? {},
    connections: options.connections ?? 20,
    durationSeconds: options.durationSeconds,
    paths: options.paths ?? [],
  };
  const result = await new Promise<LoadResult>((resolve, reject) => {
    // Over IPC, not as an argument: a list of paths can pass the size an argument may have.
    const child = fork(workerPath, [], { execArgv: ['--import', 'tsx'] });
    child.send(request);
    let answer: LoadResult | undefined;
    child.on('message', (message) => (answer = message as LoadResult));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (answer) resolve(answer);
      else reject(new Error(`load generator for ${url} exited (${signal ?? `code ${code}`}) without a result`));
    });
  });
  if (result.non2xx || result.errors) {
    throw new Error(`${url}: ${result.non2xx} answers were not 2xx and ${result.errors} requests failed (connection errors or timeouts)`);
  }
  return result;
}

/** What the parent sends the booking-creation worker (create-worker.ts) as its one argument (JSON). */
export interface CreateRequest {
  url: string;
  headers: Record<string, string>;
  productId: string;
  /** Each request books the next of these slots, so the requests in flight are on different slots. */
  slots: string[];
  clients: number;
  seconds: number;
  /**
   * The number of the first request (0 when left out): request n books for load<n>@example.test
   * from address 10.x.y.z of n, so runs after the first start past the ones before and the unpaid
   * online bookings limit (3 per email and per address) never refuses.
   */
  first?: number;
  /** Request n books for customer n of these (returning guests) instead of load<n>@example.test. */
  customers?: { firstName: string; lastName: string; email: string; phone: string }[];
}

export interface CreateResult {
  created: number;
  refused: number;
  errors: number;
  seconds: number;
  p50: number;
  p97_5: number;
  /** How many answers of each status were not 2xx. */
  non2xxByStatus: Record<string, number>;
}

const createWorkerPath = fileURLToPath(new URL('./create-worker.ts', import.meta.url));

/** Creates bookings through HTTP from a child process (autocannon, `clients` connections) for `seconds`. */
export function createBookings(request: CreateRequest): Promise<CreateResult> {
  return new Promise<CreateResult>((resolve, reject) => {
    const child = fork(createWorkerPath, [JSON.stringify(request)], { execArgv: ['--import', 'tsx'] });
    let answer: CreateResult | undefined;
    child.on('message', (message) => (answer = message as CreateResult));
    child.on('error', reject);
    child.on('exit', (code) =>
      answer ? resolve(answer) : reject(new Error(`booking creation load exited with ${code} without a result`)),
    );
  });
}
