import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's user plus system CPU so far in milliseconds, from /proc/<pid>/stat; null once it is gone. */
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** The CPU this process (the bench's server) has used between `start()` and `stop()`, in ms. */
export function serverCpu() {
  const before = processCpuMs(process.pid)!;
  return { stop: () => processCpuMs(process.pid)! - before };
}

/**
 * PostgreSQL's CPU for one database while it runs: the backends connected to it (other than the
 * sampler's own), read from /proc every `intervalMs`. A backend is counted from the first time it
 * is seen (from 0 when it appears during the run); one that ends between two samples loses its
 * last interval. The server's shared processes (WAL writer, checkpointer) are not counted: other
 * databases on the same server use them too.
 */
export async function databaseCpu(connectionString: string, intervalMs = 200) {
  const client = new pg.Client({ connectionString });
  // A bench that fails drops its database under this connection: that must not end the process.
  client.on('error', () => {});
  await client.connect();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async (startOfRun: boolean) => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const cpu = processCpuMs(pid);
      if (cpu === null) continue;
      if (!first.has(pid)) first.set(pid, startOfRun ? cpu : 0);
      last.set(pid, cpu);
    }
  };
  await sample(true);
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sample(false));
  }, intervalMs);
  return {
    /** Stops sampling; the backends' CPU in ms since the start, and how many backends took part. */
    async stop(): Promise<{ cpuMs: number; backends: number }> {
      clearInterval(timer);
      await sampling;
      await sample(false);
      await client.end();
      let cpuMs = 0;
      let backends = 0;
      for (const [pid, end] of last) {
        const used = end - first.get(pid)!;
        if (used > 0) backends++;
        cpuMs += used;
      }
      return { cpuMs, backends };
    },
  };
}
