import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/test/free-port.js';
import { prepareData } from './seed-data.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy in 180 s:\n${output()}`);
}

/** Browser test files run this many at a time (E2E_WORKERS, default 2), each worker on a server of its own. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

const ssoAccount = { sub: 'e2e-sso-1', email: 'sso.user@example.test', name: 'Sso User' };

/** The built Lanebook server on its own copy of the seeded data, with a loopback OpenID provider of its own. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { startOidcIssuer } = await import('../apps/server/test/oidc-issuer.js');
  const issuer = await startOidcIssuer({ redirectUri: `${baseUrl}/api/auth/callback/oidc`, account: ssoAccount });
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser test signs in from 127.0.0.1.
      SIGN_IN_RATE_LIMIT: '1000',
      // Customers' pages send their own address (support.ts newPage's clientAddress).
      TRUST_PROXY: 'true',
      // The webhook test's receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
      OIDC_NAME: 'Test SSO',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  await waitForHealth(baseUrl, child, () => log);
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      await issuer.close();
    },
  };
}

/**
 * Starts what the browser tests need: the demo seeded once, then one server per worker, each on
 * a copy of that data (test files of one worker share its server, one file at a time, as before;
 * no file sees another worker's writes).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/console/dist/index.html'))) {
    throw new Error('The console is not built: run `npm run build` before the e2e tests (npm test does).');
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'lanebook-e2e-'));
  // npm test seeds it beforehand, beside the unit and API tests (E2E_SEEDED_DATA); alone, it is seeded here.
  let seeded = process.env.E2E_SEEDED_DATA ?? '';
  if (!seeded || !existsSync(seeded)) {
    seeded = path.join(scratch, 'seeded');
    await prepareData(seeded);
  }
  const dataDirs = Array.from({ length: E2E_WORKERS }, (_, worker) => {
    const dataDir = path.join(scratch, `worker-${worker + 1}`);
    cpSync(seeded, dataDir, { recursive: true });
    return dataDir;
  });
  const servers = await Promise.all(dataDirs.map((dataDir) => startServer(dataDir)));

  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('ssoAccount', ssoAccount);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(scratch, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (VITEST_POOL_ID 1..E2E_WORKERS). */
    baseUrls: string[];
    ssoAccount: { sub: string; email: string; name: string };
  }
}
