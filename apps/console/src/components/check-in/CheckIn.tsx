import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, type SelectProps } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconSignature, IconUserCheck } from '@tabler/icons-react';
import { formatMoney } from '@lanebook/core/format';
import { venueToday } from '@lanebook/core/calendar';
import { useQuery } from '@tanstack/react-query';
import { guestQuery } from '../../lib/guests';
import { useSession } from '../../lib/session';
import { signingLinkOf } from '../../lib/signing-link';
import { useCollectionItem } from '../collection/queries';
import { checkInWarnings, hasWarnings, warningLines, type CheckInFacts, type CheckInWarnings } from './check-in';

type Presence = 'no' | 'partially' | 'fully';

/** What checking a booking in needs to know of it (a booking answer has all of it). */
export interface CheckInBooking extends CheckInFacts {
  id: string;
  productId: string;
  /** The friends' sign-only link's token (decision 023): what Copy waiver link and Sign here now open. */
  signingToken: string;
  presenceStatus: Presence;
  /** The guest the booking is of (issue 38): a banned guest is asked about first. */
  guestId?: string | null;
}

/**
 * Checking in asks first when waivers are missing or money is due, saying which, and offers
 * Collect and Copy waiver link besides "Check in anyway". The lane view's booking drawer
 * (CheckInButton) and the booking page (PresenceSelect) both check in through it; the call
 * itself is the caller's (components never call the API).
 */
function useCheckInQuestion(booking: CheckInBooking) {
  const product = useCollectionItem<{ activeWaiverId: string | null }>('products', booking.productId);
  // Until the product is known, its waiver is assumed: a needless question beats a missed one.
  const waiverRequired = product.data ? product.data.activeWaiverId !== null : true;
  const session = useSession();
  const timezone = session.me?.venue?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  // The booking's page and the drawer show the same guest: one cached read.
  const guest = useQuery({
    ...guestQuery(session.venueId, booking.guestId ?? null),
    enabled: session.can('guests.view') && Boolean(session.venueId && booking.guestId),
  });
  const ban = guest.data?.flags.find((flag) => flag.type === 'ban');
  const warnings = checkInWarnings(booking, waiverRequired, venueToday(timezone), ban ? ban.note : null);
  const [question, setQuestion] = useState<(() => Promise<unknown>) | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (checkIn: () => Promise<unknown>) => {
    setPending(true);
    try {
      await checkIn();
    } catch {
      // The caller's mutation has said what went wrong.
    } finally {
      setPending(false);
      setQuestion(null);
    }
  };
  const ask = (checkIn: () => Promise<unknown>) => (hasWarnings(warnings) ? setQuestion(() => checkIn) : void run(checkIn));
  const dialog = (
    <CheckInQuestion
      booking={booking}
      warnings={warnings}
      opened={question !== null}
      pending={pending}
      onClose={() => setQuestion(null)}
      onConfirm={() => question && void run(question)}
    />
  );
  return { ask, dialog, pending };
}

function CheckInQuestion(props: {
  booking: CheckInBooking;
  warnings: CheckInWarnings;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { booking, warnings } = props;
  const session = useSession();
  const money = (cents: number) => formatMoney(cents, session.me?.venue?.moneyFormat);
  const collect = warnings.due > 0 && session.can('bookings.collect');
  const waiverLink = warnings.missingWaivers > 0 ? signingLinkOf(booking.signingToken) : null;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Check in?" centered>
      <Stack gap="md" data-testid="check-in-question">
        <Alert
          color={warnings.banned !== null ? 'red' : 'yellow'}
          icon={<IconAlertTriangle size={18} />}
          title={warnings.banned !== null ? 'Banned guest' : 'Before checking in'}
        >
          <Stack gap={4}>
            {warningLines(booking, warnings, money).map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {collect ? (
            <Button variant="default" component={Link} to={`/bookings/${encodeURIComponent(booking.id)}/checkout`}>
              Collect
            </Button>
          ) : null}
          {waiverLink ? (
            // On the desk's own device: a player signs there and then, in a tab of its own.
            <Button
              variant="default"
              component="a"
              href={waiverLink}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconSignature size={16} />}
            >
              Sign here now
            </Button>
          ) : null}
          {waiverLink ? <CopyWaiverLinkButton link={waiverLink} /> : null}
          <Button color="orange" loading={props.pending} onClick={props.onConfirm}>
            Check in anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Check in" (the whole group), asking first when something is missing; "Checked in" once done. */
export function CheckInButton({ booking, onCheckIn }: { booking: CheckInBooking; onCheckIn: () => Promise<unknown> }) {
  const { ask, dialog, pending } = useCheckInQuestion(booking);
  const done = booking.presenceStatus === 'fully';
  return (
    <>
      <Button
        leftSection={done ? <IconCheck size={16} /> : <IconUserCheck size={16} />}
        color={done ? 'green' : undefined}
        variant={done ? 'light' : 'filled'}
        disabled={done}
        loading={pending}
        onClick={() => ask(onCheckIn)}
      >
        {done ? 'Checked in' : 'Check in'}
      </Button>
      {dialog}
    </>
  );
}

/** The booking page's presence choice: a move to partly or fully checked in asks first, as the Check in button does. */
export function PresenceSelect({
  booking,
  onChange,
  ...select
}: { booking: CheckInBooking; onChange: (presence: Presence) => Promise<unknown> } & Omit<SelectProps, 'value' | 'onChange'>) {
  const { ask, dialog } = useCheckInQuestion(booking);
  return (
    <>
      <Select
        aria-label="Presence"
        allowDeselect={false}
        {...select}
        value={booking.presenceStatus}
        onChange={(value) => {
          if (!value || value === booking.presenceStatus) return;
          const change = () => onChange(value as Presence);
          if (value === 'no') void change().catch(() => undefined);
          else ask(change);
        }}
      />
      {dialog}
    </>
  );
}

/** The friends' signing link, copied for the desk to send (the check-in dialog and the Check-in page). */
export function CopyWaiverLinkButton({ link }: { link: string }) {
  return (
    <CopyButton value={link} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          onClick={copy}
        >
          {copied ? 'Waiver link copied' : 'Copy waiver link'}
        </Button>
      )}
    </CopyButton>
  );
}
