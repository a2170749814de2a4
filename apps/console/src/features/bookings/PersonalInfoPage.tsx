import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Group, Stack } from '@mantine/core';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../lib/notify';
import { showFieldErrors } from '../../lib/forms';
import { bookingsKey } from './api/keys';
import { updateBooking } from './api/update-booking';
import { BookingPanel } from './BookingPanel';
import { ReservationFields, type ReservationDraft } from './ReservationFields';

function PersonalInfoForm({ booking }: { booking: BookingDetail }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [info, setInfo] = useState<ReservationDraft>(booking.reservationInfo);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => updateBooking(booking.id, { reservationInfo: info }),
    onSuccess: async () => {
      notifySuccess('Personal info saved');
      await queryClient.invalidateQueries({ queryKey: bookingsKey(session.venueId) });
      await navigate(`/bookings/${booking.id}/view`);
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });
  const mayEdit = session.can('bookings.edit');
  return (
    <Card withBorder radius="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({});
          save.mutate();
        }}
      >
        <Stack>
          <fieldset disabled={!mayEdit} style={{ border: 0, padding: 0, margin: 0 }}>
            <ReservationFields
              value={info}
              onChange={setInfo}
              errors={errors}
              phoneFormat={session.me?.venue?.phoneFormat}
              isWalkIn={booking.isWalkIn}
            />
          </fieldset>
          {mayEdit ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}

export default function PersonalInfoPage() {
  return <BookingPanel title="Personal info">{(booking) => <PersonalInfoForm booking={booking} />}</BookingPanel>;
}
