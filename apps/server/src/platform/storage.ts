import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The disk implementation keeps them under DATA_DIR/uploads; an
 * object-storage implementation can replace it without touching the routes.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Removes a file; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Bytes stored for a venue (the files under its prefix): what its upload quota counts. */
  usage(venueId: string): Promise<number>;
}

/** Keys are `<venueId>/<uuid>.<ext>`; anything else is refused before it reaches the disk. */
export const STORAGE_KEY = /^[a-z0-9][a-z0-9-]*\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;
const VENUE_ID = /^[a-z0-9][a-z0-9-]*$/;
/**
 * Files never served under /uploads (whose keys have one slash): signature images, read only
 * through the signatures API (decision 023). `signatures/{venue}/{uuid}.png`.
 */
export const PRIVATE_KEY = /^signatures\/[a-z0-9][a-z0-9-]*\/[0-9a-f-]{36}\.png$/;

/** The storage key of a URL our upload answered (`/uploads/<key>`), or null for anything else. */
export function storageKeyOf(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/uploads/')) return null;
  const key = url.slice('/uploads/'.length);
  return STORAGE_KEY.test(key) ? key : null;
}

export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!STORAGE_KEY.test(key) && !PRIVATE_KEY.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      await writeFile(`${file}.part`, data);
      await rename(`${file}.part`, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    async usage(venueId) {
      if (!VENUE_ID.test(venueId)) throw new Error(`Invalid venue id ${venueId}`);
      const dir = path.join(root, venueId);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      // Files being written (.part) count too: they are about to be stored.
      let total = 0;
      for (const name of names) {
        try {
          const info = await stat(path.join(dir, name));
          if (info.isFile()) total += info.size;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return total;
    },
  };
}
