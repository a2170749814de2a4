/**
 * The booking form's Idempotency-Key (docs/decisions/024-the-widget.md): made once per submit
 * attempt and kept across that attempt's retries, so a double submit books once. A new attempt
 * (the customer changed the booking, or the last one was answered) gets a new key.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 random characters of [A-Za-z0-9] (the server takes 8–100 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(32));
  let key = '';
  for (const byte of bytes) key += ALPHABET[byte % ALPHABET.length];
  return key;
}

/**
 * Keys by what was submitted: the same form content (a retry after a network error or a second
 * click) keeps its key until `settle` says the attempt got an answer; different content starts a
 * new attempt.
 */
export function createSubmitKeys(make: () => string = () => newIdempotencyKey()) {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint: string): string {
      if (!current || current.fingerprint !== fingerprint) current = { fingerprint, key: make() };
      return current.key;
    },
    /** The attempt was answered (a booking or a refusal): the next submit is a new attempt. */
    settle() {
      current = null;
    },
  };
}
