/**
 * Child process of bench/bookings.ts and bench/guests.ts: autocannon with `clients` connections
 * creating bookings through the widget's POST /api/public/booking (or the staff's
 * /api/private/booking) for `seconds`, each request on the next slot of the list (so requests in
 * flight are on different slots), each from its own client address (X-Forwarded-For, the server
 * trusting its proxy) and email (or one of the returning guests given), as customers are, so the unpaid
 * online bookings limit counts but never refuses. Sends back how many were created and refused, and the latencies. A
 * process of its own, so it takes no CPU from the server's event loop.
 */
import autocannon from 'autocannon';
import type { CreateRequest, CreateResult } from './load.js';

const request = JSON.parse(process.argv[2]) as CreateRequest;
let next = 0;
const result = await autocannon({
  url: request.url,
  connections: request.clients,
  duration: request.seconds,
  requests: [
    {
      method: 'POST',
      headers: { ...request.headers, 'content-type': 'application/json' },
      setupRequest: (req) => {
        const n = (request.first ?? 0) + next++;
        return {
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          body: JSON.stringify({
            productId: request.productId,
            slots: [request.slots[n % request.slots.length]],
            playersCount: 2,
            reservationInfo: request.customers?.length
              ? request.customers[n % request.customers.length]
              : { firstName: 'Load', lastName: `Client ${n % request.clients}`, email: `load${n}@example.test`, phone: '' },
            isConfirmationEmail: true,
          }),
        };
      },
    },
  ],
});
const created = result['2xx'];
const summary: CreateResult = {
  created,
  refused: result.non2xx,
  errors: result.errors,
  seconds: request.seconds,
  p50: result.latency.p50,
  p97_5: result.latency.p97_5,
  non2xxByStatus: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, stats]) => [status, stats?.count ?? 0]),
  ),
};
process.send!(summary, () => process.exit(0));
