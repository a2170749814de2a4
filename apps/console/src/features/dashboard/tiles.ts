import type { BookingSourceCounts, StatisticKey } from '@lanebook/core/statistics-schemas';

/**
 * The dashboard's tiles (decision 029), in the order they show, with what each one
 * counts in plain words (issue 24's definitions): the tooltip of the tile and its page's subtitle.
 */
export const FIGURE_KEYS = [
  'grossRevenue',
  'refundedAmount',
  'netRevenue',
  'taxesAmount',
  'bookingsCount',
  'cancelledBookings',
  'refundedBookings',
  'bounceRate',
  'occupancyRate',
] as const satisfies readonly StatisticKey[];
export type FigureKey = (typeof FIGURE_KEYS)[number];
/** Every tile with a page of its own: the figures and the booking-source doughnut. */
export type StatKey = StatisticKey;

export type FigureKind = 'money' | 'count' | 'percent';

export interface TileDef {
  label: string;
  kind: FigureKind;
  definition: string;
  /** A rise is bad news (refunds, cancellations, bounces): the change is shown in red. */
  lowerIsBetter?: boolean;
}

const PICKS = 'the bookings made in the period (or taking place in it, with Date: Event date)';

export const TILES: Record<FigureKey, TileDef> = {
  grossRevenue: { label: 'Gross revenue', kind: 'money', definition: `Payments received for ${PICKS}.` },
  refundedAmount: {
    label: 'Refunded amount',
    kind: 'money',
    definition: `Money given back to customers for ${PICKS}.`,
    lowerIsBetter: true,
  },
  netRevenue: { label: 'Net revenue', kind: 'money', definition: 'Gross revenue minus the refunded amount.' },
  taxesAmount: {
    label: 'Taxes',
    kind: 'money',
    definition: `The taxes in what was paid and not refunded, for ${PICKS}.`,
  },
  bookingsCount: { label: 'Bookings', kind: 'count', definition: `How many bookings: ${PICKS}, except abandoned ones.` },
  cancelledBookings: {
    label: 'Cancelled bookings',
    kind: 'count',
    definition: `How many of ${PICKS} were cancelled.`,
    lowerIsBetter: true,
  },
  refundedBookings: {
    label: 'Refunded bookings',
    kind: 'count',
    definition: `How many of ${PICKS} had any refund.`,
    lowerIsBetter: true,
  },
  bounceRate: {
    label: 'Bounce rate',
    kind: 'percent',
    definition: 'The share of people who opened the booking widget but did not finish booking, by event date.',
    lowerIsBetter: true,
  },
  occupancyRate: {
    label: 'Occupancy',
    kind: 'percent',
    definition:
      'Lane time taken by live bookings, out of the lane time of the bookable slots in the period (working days, lanes not paused), by event date.',
  },
};

export const BOOKING_SOURCE_TILE: TileDef = {
  label: 'Booking source',
  kind: 'count',
  definition: `Where ${PICKS} came from: online (the widget), by phone, or walk-in.`,
};

export const tileOf = (key: StatKey): TileDef => (key === 'bookingSource' ? BOOKING_SOURCE_TILE : TILES[key]);

export const isStatKey = (value: string | undefined): value is StatKey =>
  value === 'bookingSource' || (FIGURE_KEYS as readonly string[]).includes(value ?? '');

export const SOURCE_LABELS: Record<keyof BookingSourceCounts, string> = { online: 'Online', phone: 'Phone', walkIn: 'Walk-in' };
export const SOURCES = Object.keys(SOURCE_LABELS) as (keyof BookingSourceCounts)[];
