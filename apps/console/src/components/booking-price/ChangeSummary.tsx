import { Stack, Text } from '@mantine/core';
import type { BookingChangeQuote } from '@lanebook/core/booking-schemas';
import { formatMoney, formatVenueDate, formatVenueTime } from '@lanebook/core/format';
import { useSession } from '../../lib/session';
import { PriceLines } from './PriceLines';

type Placed = Pick<BookingChangeQuote, 'startsAt' | 'endsAt' | 'resourceIds'>;
export type ChangeAfter = Placed & Pick<BookingChangeQuote, 'quote' | 'total' | 'customPrice' | 'previousTotal' | 'due' | 'overpaid'>;

/**
 * What a change does to a booking, as the server's quote of it says (GET .../quote, decision 028):
 * where it moves, its price lines, the new total against the old, and what to collect or refund.
 * The edit form and the lane view's drag ask the same question with it.
 */
export function ChangeSummary({ before, after }: { before: Placed; after: ChangeAfter }) {
  const venue = useSession().me?.venue;
  const timezone = venue?.timezone ?? 'UTC';
  const money = (cents: number) => formatMoney(cents, venue?.moneyFormat);
  const time = (iso: string) => formatVenueTime(new Date(iso), timezone, venue?.timeFormat ?? 12, false);
  const span = (item: Placed) =>
    `${formatVenueDate(new Date(item.startsAt), timezone, venue?.dateFormat)} ${time(item.startsAt)}–${time(item.endsAt)}, ${item.resourceIds.join(', ')}`;
  const moves =
    after.startsAt !== before.startsAt || after.endsAt !== before.endsAt || after.resourceIds.join() !== before.resourceIds.join();
  const note = `${after.customPrice != null ? ' (custom price)' : ''}${after.total !== after.previousTotal ? ` (was ${money(after.previousTotal)})` : ''}`;
  return (
    <Stack gap={2}>
      {moves ? (
        <Text size="sm" data-testid="booking-move">
          Moves from {span(before)} to {span(after)}
        </Text>
      ) : null}
      {after.quote ? (
        <PriceLines quote={after.quote} total={after.total} note={note} />
      ) : (
        <Text fw={600} data-testid="booking-total">
          Total {money(after.total)}
          {note}
        </Text>
      )}
      <Text size="sm" fw={600} data-testid="booking-difference">
        {after.due > 0
          ? `To collect after the change: ${money(after.due)}`
          : after.overpaid > 0
            ? `To refund after the change: ${money(after.overpaid)}`
            : 'Nothing to collect or refund'}
      </Text>
    </Stack>
  );
}
