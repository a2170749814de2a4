import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

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
}

/** Which attempt a job's run is: the handler of the last one knows no retry follows. */
export interface JobAttempt {
  retryCount: number;
  isLastAttempt: boolean;
}

export interface Jobs {
  send(queue: string, data: object, options?: JobOptions): Promise<void>;
  /** Runs `handler` for each job of the queue in this process; a throw is a failed attempt. */
  work<T extends object>(queue: string, handler: (data: T, attempt: JobAttempt) => Promise<void>): Promise<void>;
  /** Sends a job to the queue on a cron schedule (UTC), once across all processes. */
  schedule(queue: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsConfig {
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}

export async function startJobs(database: Database, config: JobsConfig = {}): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values ?? []) },
    schema: 'pgboss',
    // Keep a day of finished jobs for looking into; pg-boss deletes older ones.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => console.warn(`Background jobs: ${error.message}`));
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  const polling = Math.max(0.5, config.pollingIntervalSeconds ?? 2);
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
      await boss.send(queue, data, sendOptions);
    },
    async work(queue, handler) {
      await ensureQueue(queue);
      await boss.work<object>(queue, { pollingIntervalSeconds: polling, batchSize: 1, includeMetadata: true }, async ([job]) => {
        await handler(job.data as never, { retryCount: job.retryCount, isLastAttempt: job.retryCount >= job.retryLimit });
      });
    },
    async schedule(queue, cron) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
