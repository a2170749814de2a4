import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notifications } from '../db/client.js';
import { CHANGES_CHANNEL, VenueReads } from './venue-reads.js';

/** Notifications sent by hand: `announce` is a trigger's NOTIFY, `listening` the listener's state. */
async function readsWithHandNotifications() {
  const state = { listening: true, handler: (_payload: string) => {}, onGap: () => {} };
  const notifications: Notifications = {
    async listen(channel, handler, onGap) {
      expect(channel).toBe(CHANGES_CHANNEL);
      state.handler = handler;
      state.onGap = onGap ?? (() => {});
    },
    isListening: () => state.listening,
    async flush() {},
  };
  const reads = new VenueReads(notifications);
  await reads.start();
  return { reads, state, announce: (payload: string) => state.handler(payload) };
}

/** A loader that counts its calls and answers `value()` each time. */
const counting = <T>(value: () => T) => vi.fn(async () => value());

afterEach(() => {
  vi.useRealTimers();
});

describe('venue reads', () => {
  it('keeps an answer until its notAfter, then loads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const { reads } = await readsWithHandNotifications();
    const load = counting(() => ({ at: Date.now() }));
    const ask = () => reads.json('slots', 'v1', 'k', load, { notAfter: () => 1_000_000 + 5_000 });
    const first = await ask();
    vi.setSystemTime(1_000_000 + 4_999);
    expect(await ask()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000_000 + 5_000);
    expect(await ask()).not.toBe(first);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks notAfter only once the load has answered, so the load can say it', async () => {
    const { reads } = await readsWithHandNotifications();
    let until = 0;
    const notAfter = vi.fn(() => until);
    await reads.json('slots', 'v1', 'k', async () => ((until = Date.now() + 60_000), 'answer'), { notAfter });
    expect(notAfter).toHaveBeenCalledTimes(1);
    expect(notAfter.mock.results[0].value).toBeGreaterThan(Date.now());
  });

  it("keeps a record's venue until that venue's table changes; one not found is looked up every time", async () => {
    const { reads, announce } = await readsWithHandNotifications();
    const found = counting(() => 'v1');
    const venueOf = () => reads.venueIdOf('products', 'product:p1', found);
    expect(await venueOf()).toBe('v1');
    expect(await venueOf()).toBe('v1');
    expect(found).toHaveBeenCalledTimes(1);
    announce('products:v2');
    announce('resources:v1');
    expect(await venueOf()).toBe('v1');
    expect(found).toHaveBeenCalledTimes(1);
    announce('products:v1');
    expect(await venueOf()).toBe('v1');
    expect(found).toHaveBeenCalledTimes(2);

    const missing = counting(() => null);
    expect(await reads.venueIdOf('products', 'product:nope', missing)).toBeNull();
    expect(await reads.venueIdOf('products', 'product:nope', missing)).toBeNull();
    expect(missing).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing while the listener is down, and forgets everything when it is back', async () => {
    const { reads, state } = await readsWithHandNotifications();
    const found = counting(() => 'v1');
    state.listening = false;
    await reads.venueIdOf('products', 'product:p1', found);
    await reads.venueIdOf('products', 'product:p1', found);
    expect(found).toHaveBeenCalledTimes(2);
    state.listening = true;
    await reads.venueIdOf('products', 'product:p1', found);
    await reads.venueIdOf('products', 'product:p1', found);
    expect(found).toHaveBeenCalledTimes(3);
    state.onGap();
    await reads.venueIdOf('products', 'product:p1', found);
    expect(found).toHaveBeenCalledTimes(4);
  });

  it('a lookup in flight when its table changes does not keep what it read', async () => {
    const { reads, announce } = await readsWithHandNotifications();
    let release = () => {};
    const slow = vi.fn(() => new Promise<string>((resolve) => (release = () => resolve('v1'))));
    const pending = reads.venueIdOf('products', 'product:p1', slow);
    announce('products:v1');
    release();
    expect(await pending).toBe('v1');
    const next = counting(() => 'v1');
    await reads.venueIdOf('products', 'product:p1', next);
    expect(next).toHaveBeenCalledTimes(1);
    await reads.venueIdOf('products', 'product:p1', next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
