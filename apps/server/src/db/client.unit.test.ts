import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase, takeDataDirLock } from './client.js';

const clientModule = fileURLToPath(new URL('./client.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lanebook-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const lockFile = (dir: string) => path.join(dir, 'lanebook.lock');

/** A second Lanebook process that opens the embedded database in `dir` and keeps it open. */
function openInOtherProcess(dir: string): Promise<ChildProcess> {
  const code = `
    const { openDatabase } = await import(${JSON.stringify(clientModule)});
    await openDatabase({ dataDir: ${JSON.stringify(dir)} });
    console.log('ready');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk) => (err += String(chunk)));
    child.stdout!.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`The other process exited (${code}): ${err}`)));
  });
}

function killAndWait(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('DATA_DIR lock of the embedded database', () => {
  let other: ChildProcess | null = null;
  afterEach(async () => {
    if (other) await killAndWait(other);
    other = null;
  });

  it('refuses a second server on the same data dir, then takes over the stale lock after it died', async () => {
    const dir = tempDir();
    other = await openInOtherProcess(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(other.pid));

    const refused = openDatabase({ dataDir: dir });
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      `The data directory ${path.resolve(dir)} is in use by another Lanebook server (process ${other.pid}). ` +
        'The embedded database allows one server at a time: stop the other one, or set DATA_DIR to another folder, ' +
        'or use DATABASE_URL for PostgreSQL to run several servers.',
    );
    await expect(refused).rejects.toMatchObject({ name: 'DataDirLockedError' });
    // The refused attempt left the other server's lock alone.
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(other.pid));

    // kill -9: the lock file stays behind, naming a process that is gone.
    await killAndWait(other);
    other = null;
    expect(existsSync(lockFile(dir))).toBe(true);

    const database = await openDatabase({ dataDir: dir });
    try {
      expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
      const result = (await database.db.execute('select 1 as one')) as unknown as { rows: unknown[] };
      expect(result.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
    expect(existsSync(lockFile(dir))).toBe(false);
  }, 60_000);

  it('takes over a lock left by a dead process', async () => {
    const dir = tempDir();
    const pid = await deadPid();
    writeFileSync(lockFile(dir), String(pid));
    const release = takeDataDirLock(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('takes over a lock file that names no process', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), 'garbage');
    const release = takeDataDirLock(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('refuses while the lock names a running process, and leaves that lock in place', () => {
    const dir = tempDir();
    // The parent of this worker is a live process that is not this one.
    writeFileSync(lockFile(dir), String(process.ppid));
    expect(() => takeDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => takeDataDirLock(dir)).toThrow(`(process ${process.ppid})`);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid));
  });

  it('release does not remove a lock that another process holds now', () => {
    const dir = tempDir();
    const release = takeDataDirLock(dir);
    writeFileSync(lockFile(dir), String(process.ppid));
    release();
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid));
  });
});
