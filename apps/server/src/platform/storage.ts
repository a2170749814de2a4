import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The disk implementation keeps them under DATA_DIR/uploads; an
 * object-storage implementation can replace it without touching the routes.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
}

/** Keys are `<venueId>/<uuid>.<ext>`; anything else is refused before it reaches the disk. */
export const STORAGE_KEY = /^[a-z0-9][a-z0-9-]*\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`Invalid storage key ${key}`);
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
  };
}
