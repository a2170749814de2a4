import type { ModuleRoutes } from '../../platform/module.js';
import { publicBookingRoutes } from './public-routes.js';
import { bookingReferenceVenueId } from './service.js';
import { staffBookingRoutes } from './staff-routes.js';

/**
 * The bookings module's HTTP: the console's calls (staff-routes.ts) and the widget's
 * (public-routes.ts). Its background work is jobs.ts's.
 */
export const bookingRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const { db } = deps.database;
  // A public call on a booking finds its venue from the booking's reference (decision 012).
  deps.access.setPublicVenueLookup('booking', (reference) => bookingReferenceVenueId(db, reference));
  await fastify.register(staffBookingRoutes, { deps });
  await fastify.register(publicBookingRoutes, { deps });
};
