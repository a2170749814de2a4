import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconDeviceTabletOff, IconQrcode, IconSearch } from '@tabler/icons-react';
import type { KioskBooking } from '@lanebook/core/kiosk-schemas';
import type { SigningBody } from '@lanebook/core/waiver-schemas';
import { ApiError } from '../../lib/api';
import { showFieldErrors } from '../../lib/forms';
import { SigningForm } from '../../components/waivers/SigningForm';
import { CameraScanner } from '../../components/check-in/CameraScanner';
import { kioskFind, kioskSign, readKioskToken, type KioskFindBody } from './api';

/** After this long without a touch the kiosk goes back to its start, keeping nothing on screen. */
export const KIOSK_IDLE_MS = 60_000;

const signedLabel = (signed: number, players: number) => `${signed} of ${players} signed`;
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/**
 * /kiosk: the tablet at the door (issue 39). No session and no menus: only the kiosk's own token
 * (kept in localStorage by the link Settings → Waiver kiosks shows once). Players scan their
 * booking's code or find it by last name and phone, then sign one after another.
 */
export default function KioskPage() {
  const [token, setToken] = useState(readKioskToken);
  const [refused, setRefused] = useState(false);
  // The set-up link opened on a tablet already at /kiosk changes only the address's #token=.
  useEffect(() => {
    const reread = () => {
      setToken(readKioskToken());
      setRefused(false);
    };
    window.addEventListener('hashchange', reread);
    return () => window.removeEventListener('hashchange', reread);
  }, []);
  // A new generation remounts the flow: everything typed, found or signed is gone from the screen.
  const [generation, setGeneration] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  const restart = useCallback(() => setGeneration((n) => n + 1), []);
  useEffect(() => {
    const arm = () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(restart, KIOSK_IDLE_MS);
    };
    const events = ['pointerdown', 'keydown', 'input', 'scroll', 'touchstart'] as const;
    events.forEach((name) => window.addEventListener(name, arm, { passive: true, capture: true }));
    arm();
    return () => {
      window.clearTimeout(timer.current);
      events.forEach((name) => window.removeEventListener(name, arm, { capture: true }));
    };
  }, [restart]);

  useEffect(() => {
    document.title = 'Waiver kiosk · Lanebook';
  }, []);

  return (
    <Box component="main" mih="100dvh" bg="gray.0" py={{ base: 'md', sm: 'xl' }}>
      <Container size="md">
        {!token || refused ? (
          <NotSetUp />
        ) : (
          <KioskFlow key={generation} token={token} onRefused={() => setRefused(true)} onStart={restart} />
        )}
      </Container>
    </Box>
  );
}

function NotSetUp() {
  return (
    <Center mih="80dvh">
      <Stack align="center" gap="md" data-testid="kiosk-not-set-up">
        <ThemeIcon size={72} radius="xl" color="gray" variant="light">
          <IconDeviceTabletOff size={44} />
        </ThemeIcon>
        <Title order={1} ta="center">
          This tablet is not set up as a kiosk: ask a manager
        </Title>
      </Stack>
    </Center>
  );
}

type Step = { name: 'start' } | { name: 'found' } | { name: 'sign'; bookingId: string } | { name: 'thanks'; bookingId: string };

function KioskFlow({ token, onRefused, onStart }: { token: string; onRefused: () => void; onStart: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'start' });
  const [scanning, setScanning] = useState(false);
  const [lastName, setLastName] = useState('');
  const [phoneLast4, setPhoneLast4] = useState('');
  const [findErrors, setFindErrors] = useState<Record<string, string>>({});
  const [lastFind, setLastFind] = useState<KioskFindBody | null>(null);
  const [items, setItems] = useState<KioskBooking[]>([]);
  const [round, setRound] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const refusedOr = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      onRefused();
      return true;
    }
    return false;
  };

  const find = useMutation({
    mutationFn: (body: KioskFindBody) => kioskFind(token, body),
    onMutate: () => setFindErrors({}),
    onSuccess: (answer, body) => {
      setLastFind(body);
      setItems(answer.items);
      setScanning(false);
      setStep({ name: 'found' });
    },
    onError: (error) => {
      if (!refusedOr(error)) showFieldErrors(error, setFindErrors);
    },
  });

  const sign = useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: SigningBody }) => kioskSign(token, bookingId, body),
    onMutate: () => setServerErrors({}),
    onSuccess: (answer, { bookingId }) => {
      setItems((list) => list.map((b) => (b.id === bookingId ? { ...b, signedCount: answer.signedCount } : b)));
      setStep({ name: 'thanks', bookingId });
    },
    onError: async (error) => {
      if (refusedOr(error)) return;
      showFieldErrors(error, setServerErrors);
      // Closed while the form was open (409): the booking's state again.
      if (error instanceof ApiError && error.status === 409 && lastFind) find.mutate(lastFind);
    },
  });

  const booking = step.name === 'sign' || step.name === 'thanks' ? items.find((b) => b.id === step.bookingId) : undefined;
  const primary = (booking ?? items[0])?.waiver?.view.colors.primary;
  const startButton = (
    <Button size="xl" variant="default" leftSection={<IconArrowLeft size={22} />} onClick={onStart}>
      Start over
    </Button>
  );

  if (step.name === 'start')
    return (
      <Stack gap="xl">
        <Title order={1} ta="center">
          Welcome! Sign your waiver here
        </Title>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack>
            {scanning ? (
              <>
                <CameraScanner autoStart paused={find.isPending} onCode={(code) => find.mutate({ code })} />
              </>
            ) : (
              <Button size="xl" h={96} fz={24} leftSection={<IconQrcode size={36} />} onClick={() => setScanning(true)}>
                Scan your booking&apos;s QR code
              </Button>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <form
            noValidate
            aria-label="Find by last name and phone's last four"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              const errors: Record<string, string> = {};
              if (!lastName.trim()) errors.lastName = 'Type the last name the booking was made with';
              if (!/^\d{4}$/.test(phoneLast4)) errors.phoneLast4 = "The last four digits of the booker's phone";
              setFindErrors(errors);
              if (Object.keys(errors).length === 0) find.mutate({ lastName: lastName.trim(), phoneLast4 });
            }}
          >
            <Stack>
              <Title order={2} size="h3">
                Find by last name and phone&apos;s last four
              </Title>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  size="xl"
                  label="Last name"
                  value={lastName}
                  onChange={(event) => setLastName(event.currentTarget.value)}
                  error={findErrors.lastName}
                  autoComplete="off"
                  miw={220}
                />
                <TextInput
                  size="xl"
                  label="Phone's last four digits"
                  value={phoneLast4}
                  onChange={(event) => setPhoneLast4(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
                  error={findErrors.phoneLast4}
                  inputMode="numeric"
                  autoComplete="off"
                  miw={220}
                />
              </Group>
              {findErrors.code ? <Alert color="red">{findErrors.code}</Alert> : null}
              <Button type="submit" size="xl" leftSection={<IconSearch size={24} />} loading={find.isPending}>
                Find my booking
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    );

  if (step.name === 'found')
    return (
      <Stack gap="lg">
        <Title order={1}>{items.length === 0 ? 'No booking found' : 'Your booking today'}</Title>
        {items.length === 0 ? (
          <Alert color="yellow" data-testid="kiosk-none">
            No booking of today matches. Check the spelling, or ask at the desk.
          </Alert>
        ) : (
          items.map((item) => (
            <UnstyledButton
              key={item.id}
              onClick={() => item.waiver && setStep({ name: 'sign', bookingId: item.id })}
              disabled={!item.waiver}
              data-testid="kiosk-booking"
              aria-label={`${item.productName} at ${timeOf(item.startsAt)}, ${signedLabel(item.signedCount, item.playersCount)}${item.waiver ? ': sign the waiver' : ''}`}
            >
              <Paper withBorder radius="lg" p="xl" shadow="xs">
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={4}>
                    <Text fz={26} fw={700}>
                      {item.productName}
                    </Text>
                    <Text fz={20}>{timeOf(item.startsAt)}</Text>
                  </Stack>
                  <Badge
                    size="xl"
                    variant="light"
                    color={item.signedCount >= item.playersCount ? 'green' : 'blue'}
                    data-testid="kiosk-signed-count"
                  >
                    {signedLabel(item.signedCount, item.playersCount)}
                  </Badge>
                </Group>
                <Text mt="sm" c="dimmed">
                  {item.waiver ? 'Tap to sign the waiver' : 'There is no waiver to sign for this booking.'}
                </Text>
              </Paper>
            </UnstyledButton>
          ))
        )}
        <Group>{startButton}</Group>
      </Stack>
    );

  if (!booking || !booking.waiver)
    return (
      <Stack>
        <Alert color="yellow">This booking is no longer here.</Alert>
        <Group>{startButton}</Group>
      </Stack>
    );
  const waiver = booking.waiver;

  if (step.name === 'thanks')
    return (
      <Center mih="70dvh" data-testid="kiosk-thanks">
        <Stack align="center" gap="lg">
          <ThemeIcon size={88} radius="xl" color="green" variant="light">
            <IconCircleCheck size={56} />
          </ThemeIcon>
          <Title order={1} ta="center">
            Thank you — hand the tablet to the next player
          </Title>
          <Text fz={22} data-testid="kiosk-signed-after">
            {signedLabel(booking.signedCount, booking.playersCount)}
          </Text>
          <Group justify="center">
            <Button
              size="xl"
              color={primary}
              onClick={() => {
                setRound((n) => n + 1);
                setStep({ name: 'sign', bookingId: booking.id });
              }}
            >
              Next player signs
            </Button>
            <Button size="xl" variant="default" onClick={() => setStep({ name: 'found' })}>
              Back to the booking
            </Button>
            {startButton}
          </Group>
        </Stack>
      </Center>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Button size="lg" variant="default" leftSection={<IconArrowLeft size={20} />} onClick={() => setStep({ name: 'found' })}>
          Back
        </Button>
        <Badge size="xl" variant="light" data-testid="kiosk-signing-count">
          {signedLabel(booking.signedCount, booking.playersCount)}
        </Badge>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Text fw={700} fz={22}>
          {booking.productName} · {timeOf(booking.startsAt)}
        </Text>
        {waiver.window.isOpen ? (
          <SigningForm
            key={round}
            waiver={waiver}
            onSubmit={(body) => sign.mutate({ bookingId: booking.id, body })}
            submitting={sign.isPending}
            serverErrors={serverErrors}
          />
        ) : (
          <Alert color="yellow" title="Signing is closed" mt="md" data-testid="signing-closed">
            This booking&apos;s waiver cannot be signed now. Ask at the desk.
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}
