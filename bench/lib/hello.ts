import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverPath = fileURLToPath(new URL('./hello-server.ts', import.meta.url));

/** Starts the hello world server in a child process; `stop` ends it. */
export async function startHelloServer(): Promise<{ url: string; stop: () => void }> {
  const child = fork(serverPath, [], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`hello world server exited (code ${code}) before listening`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}
