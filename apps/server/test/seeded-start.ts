import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedDemo } from '../src/seed.js';
import { createTestDatabase } from './postgres.js';

/**
 * Every API test file starts from a migrated database with the demo seeded. Migrating and
 * seeding take most of a file's start (about 8 s on PGlite, 3 s on PostgreSQL, on this 2-core
 * machine), so the api project does it once (global-setup.ts): a PGlite image in a file, and a
 * PostgreSQL template database; each file then opens a copy of them.
 */
export interface SeededStart {
  pgliteImageFile: string;
  postgresTemplate: string | null;
}

async function seed(database: Database) {
  const built = await buildApp(database, {
    baseUrl: 'http://localhost:3000',
    authSecret: 'lanebook-test-secret-seeded-start-0123456789',
    mailFrom: 'Lanebook <no-reply@lanebook.test>',
    logLevel: 'silent',
  });
  try {
    await built.app.ready();
    await seedDemo(database.db, built.auth);
  } finally {
    await built.app.close();
  }
}

/** The PGlite image and the PostgreSQL template are seeded side by side: one is WASM in this process, the other PostgreSQL's own backends. */
export async function prepareSeededStart(withPostgres: boolean): Promise<{ start: SeededStart; remove: () => Promise<void> }> {
  const pgliteImageFile = path.join(os.tmpdir(), `lanebook-test-image-${process.pid}.tar`);
  const seedPglite = async () => {
    const pglite = await openDatabase({ dataDir: null });
    try {
      await seed(pglite);
      writeFileSync(pgliteImageFile, Buffer.from(await (await pglite.dumpImage!()).arrayBuffer()));
    } finally {
      await pglite.close();
    }
  };
  const seedPostgres = async () => {
    if (!withPostgres) return null;
    const template = await createTestDatabase();
    const postgres = await openDatabase({ databaseUrl: template.url });
    try {
      await seed(postgres);
    } finally {
      await postgres.close();
    }
    return template;
  };
  const [pgliteSeeded, postgresSeeded] = await Promise.allSettled([seedPglite(), seedPostgres()]);
  const template = postgresSeeded.status === 'fulfilled' ? postgresSeeded.value : null;
  const remove = async () => {
    rmSync(pgliteImageFile, { force: true });
    await template?.drop();
  };
  for (const outcome of [pgliteSeeded, postgresSeeded]) {
    if (outcome.status === 'rejected') {
      await remove();
      throw outcome.reason;
    }
  }
  return { start: { pgliteImageFile, postgresTemplate: template?.name ?? null }, remove };
}

/**
 * An image whose bytes are held once: Node's Blob.arrayBuffer() streams and joins the parts on
 * every call, about 100 ms of CPU for the seeded image each time a test opens a copy of it.
 */
class HeldImage extends Blob {
  private readonly held: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([bytes], { type: 'application/x-tar' });
    this.held = bytes;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: the database's files are written from it, and this one serves the next test.
    return this.held.slice().buffer;
  }
}

let image: Blob | undefined;

/** The seeded PGlite image, read once per worker. */
export function seededPgliteImage(file: string): Blob {
  image ??= new HeldImage(readFileSync(file));
  return image;
}
