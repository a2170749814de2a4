import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveChange, LiveTable } from '@lanebook/core/live';
import { venueKey } from './query-keys';

/**
 * What each table's change makes stale: the booking lists and bookings, the calendar (slots, lanes
 * taken), the dashboard's statistics (a payment or refund changes its booking's row; slots and
 * closed days change the lane time available), and guests (a booking changes its guest's counts).
 */
const STALE_BY_TABLE: Record<LiveTable, string[]> = {
  bookings: ['bookings', 'calendar', 'statistics', 'guests'],
  slots: ['calendar', 'bookings', 'statistics'],
  venue_non_working_days: ['calendar', 'statistics'],
};

function refetch(queryClient: QueryClient, venueId: string, tables: readonly LiveTable[]) {
  const keys = new Set(tables.flatMap((table) => STALE_BY_TABLE[table] ?? []));
  for (const key of keys) void queryClient.invalidateQueries({ queryKey: venueKey(venueId, key) });
}

/**
 * The live front desk (decision 016): while a venue is open, reads the server's event stream
 * (`GET /api/private/live`, with fetch, which can send X-Venue-Id as every call does) and
 * refetches what a change made stale, so a booking made on another tablet or online shows
 * without a reload. It reconnects after a drop, with backoff, and refetches all on reconnecting
 * since changes may have been missed meanwhile.
 */
export function useLiveUpdates(venueId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!venueId) return;
    const controller = new AbortController();
    let delay = 1000;
    let connectedBefore = false;

    const read = async () => {
      const response = await fetch('/api/private/live', {
        headers: { accept: 'text/event-stream', 'x-venue-id': venueId },
        credentials: 'same-origin',
        signal: controller.signal,
      });
      // Signed out or not a member any more: the session's own handling takes over.
      if (response.status === 401 || response.status === 404) return 'stop';
      if (!response.ok || !response.body) return 'retry';
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'retry';
        buffer += value;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
          if (event === 'ready') {
            delay = 1000;
            if (connectedBefore) refetch(queryClient, venueId, ['bookings', 'slots', 'venue_non_working_days']);
            connectedBefore = true;
          } else if (event === 'change') refetch(queryClient, venueId, (JSON.parse(data) as LiveChange).tables);
        }
      }
    };

    const run = async () => {
      while (!controller.signal.aborted) {
        const outcome = await read().catch(() => 'retry');
        if (outcome === 'stop' || controller.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    };
    void run();
    return () => controller.abort();
  }, [queryClient, venueId]);
}
