import PgBoss from 'pg-boss';

/** What the jobs need of the database (db/client's Database has these; named here so the schema, which names JobOptions, does not reach back to the client). */
export interface JobsDatabase {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  exclusively<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Background jobs on pg-boss (decision 019): queues in the same database, fetched with SKIP
 * LOCKED, so with several server processes each job runs once. On PGlite pg-boss runs
 * in-process through the database's executeSql.
 */

export interface JobOptions {
  /** Seconds before the job may run. */
  startAfterSeconds?: number;
  /** Attempts after the first failure, each later than the last (backoff from `retryDelaySeconds`). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** At most one job of this key waiting in the queue. */
  singletonKey?: string;
  /** The job's id (a UUID): sending the same id again while it is queued adds nothing. */
  id?: string;
  /**
   * How long a run may take before pg-boss counts it failed (default 15 minutes): a job whose
   * process died is retried only after this, so keep it near the handler's own time limit.
   */
  expireInSeconds?: number;
}

export interface WorkOptions {
  /** Jobs of the queue this process runs at once (default 1): a slow one holds only its own slot. */
  concurrency?: number;
  /** Share the slots fairly (the webhooks, decision 018): see FairShare. */
  fair?: FairShare;
}

/**
 * Jobs whose data name the same key (`data[keyField]`, a webhook target) run at most `perKey` at
 * once in this process, and the free slots go round the groups (`data[groupField]`, venues) in
 * turn, oldest job first within each. `keyLimits` lowers some keys' limits for now (0: none may
 * start; their jobs wait queued, holding no slot).
 */
export interface FairShare {
  keyField: string;
  groupField: string;
  perKey: number;
  keyLimits?: () => ReadonlyMap<string, number>;
}

/** Which attempt a job's run is: the handler of the last one knows no retry follows. */
export interface JobAttempt {
  retryCount: number;
  isLastAttempt: boolean;
}

export interface Jobs {
  /** Queues a job; answers its id (null when a job of that id or singleton key is queued already). */
  send(queue: string, data: object, options?: JobOptions): Promise<string | null>;
  /** Runs `handler` for each job of the queue in this process; a throw is a failed attempt. */
  work<T extends object>(queue: string, handler: (data: T, attempt: JobAttempt) => Promise<void>, options?: WorkOptions): Promise<void>;
  /** Sends a job to the queue on a cron schedule (UTC), once across all processes. */
  schedule(queue: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsConfig {
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}

/**
 * How often pg-boss's maintenance (once across processes) fails expired runs, so they are
 * retried: with a webhook's 30 s expiry and a first retry 10-20 s later, a delivery whose process
 * died goes out again within a minute.
 */
const MAINTENANCE_INTERVAL_SECONDS = 5;
/** How long stop() lets the jobs in hand finish; the rest are failed, to be retried by another process. */
const STOP_TIMEOUT_MS = 5000;

type Boss = InstanceType<typeof PgBoss>;

/** How many of the oldest waiting jobs a fair fetch chooses among. */
const FAIR_WINDOW = 500;

/**
 * pg-boss 10's fetch (plans.js fetchNextJob) with fair shares: keys with no free slot are passed
 * over in the scan, each key gets at most its free slots, and the chosen jobs go round the groups.
 * $1 queue, $2 batch size, $3 key field, $4 group field, $5 free slots of the keys in hand
 * (jsonb object), $6 a key's limit otherwise.
 */
const FAIR_FETCH = `
  WITH candidates AS (
    SELECT id, created_on, coalesce(data->>$3, id::text) AS key, coalesce(data->>$4, '') AS grp
    FROM pgboss.job
    WHERE name = $1 AND state < 'active' AND start_after < now()
      AND coalesce(($5::jsonb->>coalesce(data->>$3, id::text))::int, $6::int) > 0
    ORDER BY priority desc, created_on, id
    LIMIT ${FAIR_WINDOW}
    FOR UPDATE SKIP LOCKED
  ), within_key AS (
    SELECT id, created_on, grp, key,
      row_number() OVER (PARTITION BY key ORDER BY created_on, id) AS nth_of_key
    FROM candidates
  ), by_group AS (
    SELECT id, created_on, row_number() OVER (PARTITION BY grp ORDER BY created_on, id) AS nth_of_group
    FROM within_key
    WHERE nth_of_key <= coalesce(($5::jsonb->>key)::int, $6::int)
  ), chosen AS (
    SELECT id FROM by_group ORDER BY nth_of_group, created_on, id LIMIT $2
  )
  UPDATE pgboss.job j SET
    state = 'active',
    started_on = now(),
    retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
  FROM chosen
  WHERE j.name = $1 AND j.id = chosen.id
  RETURNING j.id, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"`;

interface FetchedJob {
  id: string;
  data: object;
  retryCount: number;
  retryLimit: number;
}

/**
 * One queue's worker: keeps up to `concurrency` jobs running, fetching as many as there are free
 * slots whenever one frees up, and waits the polling interval only when the queue is empty.
 * (pg-boss's own work() waits the interval after every batch and settles a batch as one, so a
 * backlog drained at batchSize per interval and one slow job held the whole batch.)
 */
class QueueWorker {
  private readonly running = new Set<Promise<void>>();
  private readonly inHand = new Set<string>();
  /** Jobs running per key (fair shares only). */
  private readonly runningPerKey = new Map<string, number>();
  private wake: (() => void) | null = null;
  private stopping = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly boss: Boss,
    private readonly queue: string,
    private readonly handler: (data: never, attempt: JobAttempt) => Promise<void>,
    private readonly concurrency: number,
    private readonly database: JobsDatabase,
    private readonly fair?: FairShare,
  ) {}

  start() {
    this.loop = this.run();
  }

  /** A job is ready (queued in this process, or seen by the ready-jobs watch): look now. */
  notify() {
    this.wake?.();
  }

  private async run() {
    while (!this.stopping) {
      const free = this.concurrency - this.running.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await this.fetch(free);
          fetched = jobs.length;
          for (const job of jobs) this.runJob(job);
        } catch (error) {
          console.warn(`Background jobs: fetching ${this.queue} failed: ${(error as Error).message}`);
        }
      }
      // Every slot filled by a full fetch: there may be more waiting, look again at once.
      if (free > 0 && fetched === free) continue;
      // Otherwise wait for a slot to free up, a job queued here, or the ready-jobs watch to find one
      // (unless stop() came during the fetch: nothing would wake this wait).
      if (this.stopping) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }

  private async fetch(free: number): Promise<FetchedJob[]> {
    if (!this.fair) return this.boss.fetch<object>(this.queue, { batchSize: free, includeMetadata: true });
    const { keyField, groupField, perKey, keyLimits } = this.fair;
    const freePerKey: Record<string, number> = {};
    for (const [key, limit] of keyLimits?.() ?? []) freePerKey[key] = Math.min(limit, perKey);
    for (const [key, running] of this.runningPerKey) freePerKey[key] = (freePerKey[key] ?? perKey) - running;
    const { rows } = await this.database.executeSql(FAIR_FETCH, [
      this.queue,
      free,
      keyField,
      groupField,
      JSON.stringify(freePerKey),
      perKey,
    ]);
    return rows as FetchedJob[];
  }

  /** The job's key under fair shares (as FAIR_FETCH reads it), or null. */
  private keyOf(job: FetchedJob): string | null {
    if (!this.fair) return null;
    const value = (job.data as Record<string, unknown>)[this.fair.keyField];
    return typeof value === 'string' ? value : job.id;
  }

  private runJob(job: FetchedJob) {
    this.inHand.add(job.id);
    const key = this.keyOf(job);
    if (key !== null) this.runningPerKey.set(key, (this.runningPerKey.get(key) ?? 0) + 1);
    const attempt = { retryCount: job.retryCount, isLastAttempt: job.retryCount >= job.retryLimit };
    const settled: Promise<void> = this.handler(job.data as never, attempt)
      .then(
        () => this.boss.complete(this.queue, job.id),
        (error: Error) => this.boss.fail(this.queue, job.id, { message: String(error?.message ?? error) }),
      )
      .then(
        () => {},
        (error: Error) => console.warn(`Background jobs: settling a ${this.queue} job failed: ${error.message}`),
      )
      .finally(() => {
        this.inHand.delete(job.id);
        if (key !== null) {
          const left = (this.runningPerKey.get(key) ?? 1) - 1;
          if (left > 0) this.runningPerKey.set(key, left);
          else this.runningPerKey.delete(key);
        }
        this.running.delete(settled);
        this.wake?.();
      });
    this.running.add(settled);
  }

  /** Stops fetching, lets the jobs in hand finish for a while, and fails those still running so they are retried. */
  async stop() {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
    if ((await Promise.race([Promise.all(this.running), timeout])) === 'timeout' && this.inHand.size) {
      for (const id of this.inHand)
        await this.boss.fail(this.queue, id, { message: 'The server stopped while the job ran.' }).catch(() => {});
    }
  }
}

/**
 * One look per polling interval for every queue this process works: the workers of queues with a
 * job ready (queued by another process, due after a delay or a retry's backoff, sent by a cron
 * schedule) are woken to fetch it. Each worker polling with its own fetch (an UPDATE over its
 * queue's partition) cost an idle embedded server 7 per cent of a core for a dozen queues; this is
 * one small read (decision 040).
 */
class ReadyJobsWatch {
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly database: JobsDatabase,
    private readonly pollingMs: number,
    private readonly workers: ReadonlyMap<string, QueueWorker>,
  ) {}

  start() {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => this.tick(), this.pollingMs);
  }

  private tick() {
    this.looking = this.look().finally(() => {
      this.looking = null;
      this.timer = null;
      this.start();
    });
  }

  private async look() {
    try {
      const { rows } = await this.database.executeSql(
        `SELECT DISTINCT name FROM pgboss.job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()`,
        [[...this.workers.keys()]],
      );
      for (const { name } of rows as { name: string }[]) this.workers.get(name)?.notify();
    } catch (error) {
      if (!this.stopped) console.warn(`Background jobs: looking for ready jobs failed: ${(error as Error).message}`);
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.looking;
  }
}

export async function startJobs(database: JobsDatabase, config: JobsConfig = {}): Promise<Jobs> {
  let stopped = false;
  const boss = new PgBoss({
    db: {
      // pg-boss's own workers may still be fetching when stop()'s wait runs out, and the database
      // closes right after: past stop() their queries answer nothing (their jobs stay as the
      // database has them, retried after expiry) instead of failing unhandled inside pg-boss.
      executeSql: async (text: string, values: unknown[]) => (stopped ? { rows: [] } : database.executeSql(text, values ?? [])),
    },
    schema: 'pgboss',
    // Keep a day of finished jobs for looking into; pg-boss deletes older ones.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  });
  boss.on('error', (error) => console.warn(`Background jobs: ${error.message}`));
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    // Making a queue makes a partition: processes starting together deadlocked doing it at once,
    // so a missing queue is made under the start-up lock (decision 027).
    if (!(await boss.getQueue(name))) await database.exclusively(() => boss.createQueue(name));
    queues.add(name);
  };
  const pollingMs = Math.max(0.5, config.pollingIntervalSeconds ?? 2) * 1000;
  const workers = new Map<string, QueueWorker>();
  const watch = new ReadyJobsWatch(database, pollingMs, workers);
  return {
    async send(queue, data, options = {}) {
      await ensureQueue(queue);
      // pg-boss refuses options set to undefined: only the given ones go.
      const sendOptions: PgBoss.SendOptions = {};
      if (options.startAfterSeconds !== undefined) sendOptions.startAfter = options.startAfterSeconds;
      if (options.retryLimit !== undefined) Object.assign(sendOptions, { retryLimit: options.retryLimit, retryBackoff: true });
      if (options.retryDelaySeconds !== undefined) sendOptions.retryDelay = options.retryDelaySeconds;
      if (options.singletonKey !== undefined) sendOptions.singletonKey = options.singletonKey;
      if (options.id !== undefined) sendOptions.id = options.id;
      if (options.expireInSeconds !== undefined) sendOptions.expireInSeconds = options.expireInSeconds;
      const id = await boss.send(queue, data, sendOptions);
      if (id && !options.startAfterSeconds) workers.get(queue)?.notify();
      return id;
    },
    async work(queue, handler, options = {}) {
      await ensureQueue(queue);
      const worker = new QueueWorker(boss, queue, handler as never, Math.max(1, options.concurrency ?? 1), database, options.fair);
      workers.set(queue, worker);
      worker.start();
      watch.start();
    },
    async schedule(queue, cron) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron);
    },
    async stop() {
      await watch.stop();
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      stopped = true;
    },
  };
}
