import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserCheck } from '@tabler/icons-react';
import type { GuestDetail } from '@lanebook/core/guest-schemas';
import { toE164 } from '@lanebook/core/phone';
import { GuestSummary } from '../../components/guests/GuestSummary';
import { guestMatchQuery } from '../../lib/guests';
import { useSession } from '../../lib/session';
import type { ReservationDraft } from './ReservationFields';

/** An address worth asking about: something@something.tld (a half-typed one asks nothing). */
const COMPLETE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The booking form's guest: as soon as the typed email (or, without one that matches, the phone)
 * is a guest of the venue, their flags and history show beside the form, a ban unmissably, and
 * "Use their details" fills the customer's fields from the guest.
 */
export function GuestMatch({ info, onUse }: { info: ReservationDraft; onUse: (guest: GuestDetail) => void }) {
  const session = useSession();
  const country = session.me?.venue?.country ?? '';
  const [email] = useDebouncedValue(info.email.trim(), 400);
  const [phone] = useDebouncedValue(info.phone.trim(), 400);
  const typed = { email: COMPLETE_EMAIL.test(email) ? email.toLowerCase() : '', phone: toE164(phone, country) || '' };
  const match = useQuery({
    ...guestMatchQuery(session.venueId, typed),
    enabled: session.can('guests.view') && session.venueId !== null && Boolean(typed.email || typed.phone),
    // The card stays while the next keystrokes are asked about, instead of blinking out and back.
    placeholderData: keepPreviousData,
  });
  const guest = typed.email || typed.phone ? match.data?.guest : null;
  if (!guest) return null;
  const same =
    guest.firstName === info.firstName.trim() &&
    guest.lastName === info.lastName.trim() &&
    guest.email.toLowerCase() === info.email.trim().toLowerCase() &&
    (toE164(info.phone, country) ?? '') === guest.phone;
  return (
    <Box mt="sm">
      <GuestSummary
        guest={guest}
        title="Returning guest"
        actions={
          same ? null : (
            <Button size="xs" variant="light" leftSection={<IconUserCheck size={14} />} onClick={() => onUse(guest)}>
              Use their details
            </Button>
          )
        }
      />
    </Box>
  );
}
