import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TreeServerReady, TreeServerRequest } from './tree-server-worker.js';

const workerPath = fileURLToPath(new URL('./tree-server-worker.ts', import.meta.url));

export interface TreeServer {
  /** The server process: its CPU is read from /proc/<pid>/stat (bench/lib/cpu.ts). */
  pid: number;
  base: string;
  /** Headers of the demo owner's requests in a venue. */
  headersFor(venueId: string): Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the server of the source tree at `root` (this repository, or a worktree of another
 * commit with its own `npm ci`) in a process of its own on `databaseUrl` (bench/lib/tree-server-worker.ts).
 * With `profileDir`, the process runs under `node --cpu-prof` and writes its profiles there when
 * it stops: one a thread (tsx's module loader has one), the server's the largest.
 */
export async function startTreeServer(root: string, databaseUrl: string, profileDir?: string): Promise<TreeServer> {
  const request: TreeServerRequest = { root, databaseUrl };
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  // Run from the tree's root, so tsx reads that tree's tsconfig.
  const child: ChildProcess = fork(workerPath, [JSON.stringify(request)], { cwd: root, execArgv: ['--import', 'tsx', ...profile] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<TreeServerReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as TreeServerReady));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the server of ${root} exited (${signal ?? `code ${code}`}) before it listened`)),
    );
  });
  return {
    pid: child.pid!,
    base: `http://127.0.0.1:${ready.port}`,
    headersFor: (venueId) => ({ authorization: `Bearer ${ready.token}`, 'x-venue-id': venueId }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.send('stop');
      await exited;
    },
  };
}
