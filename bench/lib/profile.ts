import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * With BENCH_CPU_PROFILE=<file>, a CPU profile of this process (the bench's server) while `run`
 * runs, written as a .cpuprofile (Chrome DevTools, speedscope), or to `file` when the caller names it (null: no profile); without either, just `run`.
 */
export async function profiled<T>(run: () => Promise<T>, file: string | null = process.env.BENCH_CPU_PROFILE ?? null): Promise<T> {
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
