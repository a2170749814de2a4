import { describe, expect, it } from 'vitest';
import { createSubmitKeys, newIdempotencyKey } from './idempotency';

describe('the booking form idempotency key', () => {
  it('is 32 characters the server accepts, and new each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(a).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('is kept across retries of the same submit', () => {
    let made = 0;
    const keys = createSubmitKeys(() => `key-${++made}-abcdef`);
    const form = JSON.stringify({ slots: ['a', 'b'], playersCount: 4 });
    const first = keys.keyFor(form);
    // No answer came back (the network failed): the retry sends the same key.
    expect(keys.keyFor(form)).toBe(first);
    expect(keys.keyFor(form)).toBe(first);
    expect(made).toBe(1);
  });

  it('changes when the form changes or the attempt was answered', () => {
    let made = 0;
    const keys = createSubmitKeys(() => `key-${++made}-abcdef`);
    const first = keys.keyFor('form-1');
    const changed = keys.keyFor('form-2');
    expect(changed).not.toBe(first);
    keys.settle();
    const again = keys.keyFor('form-2');
    expect(again).not.toBe(changed);
    expect(made).toBe(3);
  });
});
