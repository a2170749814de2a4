/** Image types accepted for upload, recognised by their first bytes, never by file name. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Bytes of images a venue may keep when the operator sets no UPLOAD_QUOTA_MB. */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 200 * 1024 * 1024;

/** "4.2 MB": sizes in messages. */
export function megabytes(bytes: number): string {
  const value = bytes / 1024 / 1024;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

/**
 * Runs the uploads of one venue one after the other in this process, so two at once cannot both
 * pass the quota check on the same usage. (Several server processes can still overshoot by the
 * uploads they take at the same moment: at most a few images.)
 */
export class VenueQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(venueId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(venueId) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(venueId, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(venueId) === tail) this.tails.delete(venueId);
    }
  }
}

export function sniffImage(data: Buffer): ImageExtension | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}
