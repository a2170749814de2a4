import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL } from '../../test/postgres.js';
import { TEST_AUTH_SECRET } from '../../test/server.js';
import { freePort } from '../../test/free-port.js';

/**
 * Several server processes started at once on one empty PostgreSQL database (issue 33): the
 * migrations and the demo seed run under the start-up lock, so every process starts and serves
 * and the demo is there once. PostgreSQL only: PGlite allows one process per data dir.
 */

const postgres = inject('postgres');
if (!postgres.available && !postgres.required)
  console.warn(`!! PostgreSQL unreachable: the start-up suite was SKIPPED (${postgres.reason}).`);

const mainScript = path.join(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
const PROCESSES = 3;

if (postgres.available || postgres.required)
  describe('server processes started together on an empty database [postgres]', () => {
    const started: { child: ChildProcess; exit: Promise<number | null> }[] = [];
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const { child, exit } of started) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exit;
      }
      for (const cleanup of cleanups) await cleanup();
    }, 60_000);

    it(`all ${PROCESSES} start and serve, and the demo is seeded once`, { timeout: 240_000 }, async () => {
      if (!postgres.available) throw new Error(`PostgreSQL at ${TEST_DATABASE_URL} is required but unreachable: ${postgres.reason}`);
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      const ports: number[] = [];
      for (let i = 0; i < PROCESSES; i += 1) {
        const port = await freePort();
        ports.push(port);
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-startup-'));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: database.url,
            LISTEN_DATABASE_URL: database.url,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            AUTH_SECRET: TEST_AUTH_SECRET,
            LOG_LEVEL: 'silent',
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let errors = '';
        child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
        const exit = new Promise<number | null>((resolve) =>
          child.once('exit', (code) => {
            if (code) console.error(`server ${i + 1} exited (${code}):\n${errors}`);
            resolve(code);
          }),
        );
        started.push({ child, exit });
      }

      // Every process answers ready, and none has ended.
      const waitingSince = Date.now();
      for (const port of ports) {
        for (;;) {
          const ended = started.findIndex(({ child }) => child.exitCode !== null);
          if (ended >= 0) throw new Error(`server ${ended + 1} exited (${started[ended].child.exitCode})`);
          const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          if (health?.status === 200) break;
          if (Date.now() - waitingSince > 200_000) throw new Error(`the server on port ${port} is not ready after 200 s`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      // Each serves a sign-in to the demo, seeded once.
      for (const port of ports) {
        const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
          body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
        });
        expect(signIn.status, await signIn.text()).toBe(200);
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ users: number; venues: number }>(
          `select (select count(*)::int from "user") as users, (select count(*)::int from venues) as venues`,
        );
        expect(rows[0]).toEqual({ users: 5, venues: 2 });
      } finally {
        await client.end();
      }
    });
  });
