import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatMoney } from '@lanebook/core/format';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { venueKey } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { ChangeSummary } from '../../components/booking-price/ChangeSummary';
import { calendarKey } from './api/keys';
import { moveBooking } from './api/move-booking';
import { moveQuoteQuery } from './api/quote-move';
import type { LaneMove } from './lane-view';

/** A booking block dropped elsewhere on the lane view, waiting for the desk's answer. */
export interface DroppedBooking {
  bookingId: string;
  /** Where it is now (instants), for "Moves from ... to ...". */
  before: { startsAt: string; endsAt: string; resourceIds: string[] };
  /** The move the drop asks, or why it cannot be one. */
  ask: { move: LaneMove } | { refused: string };
  /** Puts the block back where it was. */
  revert: () => void;
}

/**
 * The edit form's question for a drag (decision 028): the server's quote of the move (new time
 * and lanes, price, what to collect or refund), then Move saves it through the same PUT. A move
 * that cannot be, or that the server refuses (a lane taken then), puts the block back at once and
 * says why; Cancel puts it back too. Nothing is saved without Move.
 */
export function MoveBookingModal({ dropped, onClose }: { dropped: DroppedBooking | null; onClose: () => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const move = dropped && 'move' in dropped.ask ? dropped.ask.move : null;
  const quote = useQuery(moveQuoteQuery(session.venueId, dropped?.bookingId ?? null, move));
  const save = useMutation({
    mutationFn: () => moveBooking(dropped!.bookingId, move!),
    onSuccess: async (saved) => {
      const money = (cents: number) => formatMoney(cents, session.me?.venue?.moneyFormat);
      const difference = saved.due > 0 ? `: collect ${money(saved.due)}` : saved.overpaid > 0 ? `: refund ${money(saved.overpaid)}` : '';
      notifySuccess(`Booking moved${difference}`);
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'bookings') }),
        queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) }),
      ]);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) }),
  });

  const refused =
    dropped && 'refused' in dropped.ask
      ? dropped.ask.refused
      : quote.isError
        ? errorMessage(quote.error)
        : save.isError
          ? errorMessage(save.error)
          : null;
  // A refused move never stays on screen: the block goes back as the reason is said.
  const revert = dropped?.revert;
  useEffect(() => {
    if (refused) revert?.();
  }, [refused, revert]);

  const cancel = () => {
    if (save.isPending) return;
    if (!refused) dropped?.revert();
    save.reset();
    onClose();
  };

  return (
    <Modal opened={dropped !== null} onClose={cancel} title="Move booking" data-testid="move-booking">
      {dropped ? (
        <Stack gap="md">
          {refused ? (
            <Alert color="red" title="Not moved" data-testid="move-refused">
              {refused}
            </Alert>
          ) : quote.data ? (
            <ChangeSummary before={dropped.before} after={quote.data} />
          ) : (
            <Text size="sm" c="dimmed">
              Pricing the move…
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel} disabled={save.isPending}>
              {refused ? 'Close' : 'Cancel'}
            </Button>
            {refused ? null : (
              <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!quote.data}>
                Move booking
              </Button>
            )}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
