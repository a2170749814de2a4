/**
 * Child process of bench/bookings.ts: `clients` loops at once, each creating bookings one after
 * another on its own slots for `seconds`, through HTTP. Sends back how many were created, how
 * many were refused and the latencies. A process of its own, so it takes no CPU from the server.
 */
interface CreateRequest {
  url: string;
  headers: Record<string, string>;
  productId: string;
  /** Slot ids per client: no two clients book the same slot. */
  slotsByClient: string[][];
  seconds: number;
}

const request = JSON.parse(process.argv[2]) as CreateRequest;
const until = Date.now() + request.seconds * 1000;
const latencies: number[] = [];
let created = 0;
let refused = 0;
await Promise.all(
  request.slotsByClient.map(async (slots, client) => {
    for (let n = 0; Date.now() < until && n < slots.length * 20; n++) {
      const started = performance.now();
      const response = await fetch(request.url, {
        method: 'POST',
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          productId: request.productId,
          slots: [slots[n % slots.length]],
          playersCount: 2,
          reservationInfo: { firstName: 'Load', lastName: `Client ${client}`, email: `load${client}@example.test`, phone: '' },
          isConfirmationEmail: false,
        }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status === 201) created++;
      else refused++;
    }
  }),
);
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
process.send!({ created, refused, seconds: request.seconds, p50: at(0.5), p95: at(0.95) }, () => process.exit(0));
