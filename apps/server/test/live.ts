import http from 'node:http';

interface LiveEvent {
  event: string;
  data: string;
}

/** An open event stream of a venue, read over real HTTP: its events as they come, and whether it ended. */
export function openStream(base: string, caller: { token: string; venue: string | null }) {
  const events: LiveEvent[] = [];
  let ended = false;
  let status = 0;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const request = http.get(
    `${base}/api/private/live`,
    { headers: { authorization: `Bearer ${caller.token}`, ...(caller.venue ? { 'x-venue-id': caller.venue } : {}) } },
    (response) => {
      status = response.statusCode ?? 0;
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          if (event) events.push({ event, data });
        }
        wake();
      });
      response.on('end', () => {
        ended = true;
        wake();
      });
    },
  );
  request.on('error', () => {
    ended = true;
    wake();
  });
  /** Resolves when `check` holds, or fails after `ms`. */
  const until = (check: () => boolean, ms: number, what: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const test = () => {
        if (check()) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        } else waiters.push(test);
      };
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms: ${JSON.stringify(events)}`)), ms);
      test();
    });
  return {
    events,
    status: () => status,
    ended: () => ended,
    ready: () => until(() => events.some((e) => e.event === 'ready') || ended, 5000, 'ready event'),
    /** Milliseconds until a change of the table arrives (counting from now). */
    change: (table: string, ms = 2000) => {
      const from = events.length;
      return until(
        () => events.slice(from).some((e) => e.event === 'change' && (JSON.parse(e.data) as { tables: string[] }).tables.includes(table)),
        ms,
        `${table} change`,
      );
    },
    end: (ms = 2000) => until(() => ended, ms, 'end of the stream'),
    close: () => request.destroy(),
  };
}
