import { venueKey } from '../../../lib/query-keys';

/**
 * Everything about the venue's payments sits under this key (bank accounts, balance, payouts,
 * and lib/payments-info's status): invalidating it after a change refreshes all of them.
 */
export const paymentsKey = (venueId: string | null) => venueKey(venueId, 'payments');
