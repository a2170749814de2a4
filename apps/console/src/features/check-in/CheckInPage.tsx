import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconCheck, IconScan } from '@tabler/icons-react';
import type { CheckInAnswer } from '@lanebook/core/booking-schemas';
import { formatMoney, formatVenueTime } from '@lanebook/core/format';
import { PageHeader } from '../../components/PageHeader';
import { Fact } from '../../components/Fact';
import { CheckInButton, CopyWaiverLinkButton } from '../../components/check-in/CheckIn';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { venueKey } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { checkInByCode } from './api/check-in-by-code';
import { CameraScanner } from '../../components/check-in/CameraScanner';

/** "7 min late", "in 12 min", "on time": the start beside now. */
function lateness(minutes: number): string {
  if (minutes === 0) return 'Starts now';
  const span = Math.abs(minutes) >= 120 ? `${Math.round(Math.abs(minutes) / 60)} h` : `${Math.abs(minutes)} min`;
  return minutes > 0 ? `${span} late` : `Starts in ${span}`;
}

/**
 * The desk's scanner (issue 39): a code from the camera, a USB scanner (a keyboard that types the
 * code and presses Enter) or typed by hand answers the booking, large, with Check in, Collect and
 * Copy waiver link; then back to scanning.
 */
export default function CheckInPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const venue = session.me?.venue;
  const money = (cents: number) => formatMoney(cents, venue?.moneyFormat);
  const time = (iso: string) => formatVenueTime(new Date(iso), venue?.timezone ?? 'UTC', venue?.timeFormat ?? 12, false);
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [shown, setShown] = useState<{ code: string; answer: CheckInAnswer } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const lookUp = useMutation({
    mutationFn: (code: string) => checkInByCode(code),
    onSuccess: (answer, code) => {
      setShown({ code, answer });
      setRefusal(null);
    },
    onError: (error) => {
      setShown(null);
      setRefusal(errorMessage(error));
    },
  });
  const checkIn = useMutation({
    mutationFn: (code: string) => checkInByCode(code, true),
    onSuccess: async (answer, code) => {
      setShown({ code, answer });
      notifySuccess('Checked in');
      await queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'bookings') });
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });

  const read = (code: string) => {
    const trimmed = code.trim();
    if (!trimmed || lookUp.isPending) return;
    setTyped('');
    lookUp.mutate(trimmed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    read(typed);
  };
  const scanNext = () => {
    setShown(null);
    setRefusal(null);
    input.current?.focus();
  };

  const answer = shown?.answer;
  const booking = answer?.booking;
  const busy = lookUp.isPending || answer !== undefined || refusal !== null;
  return (
    <>
      <PageHeader title="Check-in" description="Scan the QR code of a booking's mail, page or receipt, or type its code." />
      <Stack gap="lg" maw={760}>
        <form onSubmit={submit}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              ref={input}
              autoFocus
              label="Check-in code"
              description="A USB scanner types it and presses Enter."
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 1, minWidth: 240 }}
              data-testid="check-in-code"
            />
            <Button type="submit" leftSection={<IconScan size={16} />} loading={lookUp.isPending}>
              Find
            </Button>
          </Group>
        </form>
        <CameraScanner paused={busy} onCode={read} />

        {refusal ? (
          <Alert color="red" icon={<IconAlertTriangle size={20} />} title="Not checked in" data-testid="check-in-refusal">
            <Stack gap="sm">
              <Text size="lg">{refusal}</Text>
              <Group>
                <Button variant="default" onClick={scanNext}>
                  Scan next
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}

        {answer && booking && shown ? (
          <Card withBorder padding="lg" data-testid="check-in-answer">
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <div>
                  <Title order={2} size="h1">
                    {booking.customerName || 'No name'}
                  </Title>
                  <Text size="xl">
                    {booking.productName} · {time(booking.startsAt)}–{time(booking.endsAt)} · {booking.registrationCode}
                  </Text>
                </div>
                {booking.presenceStatus === 'fully' ? (
                  <Badge size="xl" color="green" leftSection={<IconCheck size={16} />}>
                    Checked in
                  </Badge>
                ) : null}
              </Group>
              {answer.checkedInBefore && !answer.checkedIn ? (
                <Alert color="blue" data-testid="checked-in-before">
                  Checked in already at {time(answer.checkedInBefore.at)}
                  {answer.checkedInBefore.by ? ` by ${answer.checkedInBefore.by}` : ''}.
                </Alert>
              ) : null}
              {answer.flags.map((flag) => (
                <Alert
                  key={`${flag.type}-${flag.note}`}
                  color={flag.type === 'ban' ? 'red' : 'yellow'}
                  title={flag.type === 'ban' ? 'Banned guest' : 'Guest flag'}
                >
                  {flag.note || flag.type}
                </Alert>
              ))}
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <Fact label="Players">
                  <Text size="xl" fw={700}>
                    {booking.playersCount}
                  </Text>
                </Fact>
                <Fact label="Waivers signed">
                  <Text size="xl" fw={700} c={booking.numberOfSignedWaivers < booking.playersCount ? 'orange.9' : undefined}>
                    {booking.numberOfSignedWaivers} of {booking.playersCount}
                  </Text>
                </Fact>
                <Fact label="Due">
                  <Text size="xl" fw={700} c={booking.due > 0 ? 'red.9' : undefined}>
                    {money(booking.due)}
                  </Text>
                </Fact>
                <Fact label="Arrival">
                  <Text size="xl" fw={700}>
                    {lateness(answer.minutesLate)}
                  </Text>
                </Fact>
              </SimpleGrid>
              <Group gap="sm" wrap="wrap">
                {session.can('bookings.changePresenceStatus') ? (
                  <CheckInButton booking={booking} onCheckIn={() => checkIn.mutateAsync(shown.code)} />
                ) : null}
                {booking.due > 0 && session.can('bookings.collect') ? (
                  <Button
                    variant="default"
                    size="md"
                    component={Link}
                    to={`/bookings/${encodeURIComponent(booking.id)}/checkout`}
                    leftSection={<IconCash size={16} />}
                  >
                    Collect
                  </Button>
                ) : null}
                <CopyWaiverLinkButton link={booking.signingLink} />
                <Button variant="default" component={Link} to={`/bookings/${encodeURIComponent(booking.id)}/view`}>
                  Open booking
                </Button>
                <Button variant="light" onClick={scanNext} data-testid="scan-next">
                  Scan next
                </Button>
              </Group>
            </Stack>
          </Card>
        ) : null}
      </Stack>
    </>
  );
}
