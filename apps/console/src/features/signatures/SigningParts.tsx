import type { ReactNode } from 'react';
import { Alert, Badge, Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import type { PublicWaiver } from '@lanebook/core/waiver-schemas';
import { ApiError } from '../../lib/api';
import { LoadError } from '../../components/LoadError';
import { signedCountLabel, useSignatureFormat } from './format';

/** Venue, product, date and how many of the players have signed, above the form. */
export function SigningHeader({ waiver, withVenue }: { waiver: PublicWaiver; withVenue: boolean }) {
  const format = useSignatureFormat();
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="lg">
      <Stack gap={2}>
        {withVenue ? (
          <Text fw={700} size="lg" data-testid="signing-venue">
            {waiver.venueName}
          </Text>
        ) : null}
        <Text data-testid="signing-product">{waiver.productName}</Text>
        <Text size="sm" c="dimmed" data-testid="signing-date">
          {waiver.date ?? format.date(waiver.startsAt)} · {format.dateTime(waiver.startsAt)}
        </Text>
      </Stack>
      <Badge size="xl" variant="light" color={waiver.signedCount >= waiver.playersCount ? 'green' : 'blue'} data-testid="signed-count">
        {signedCountLabel(waiver.signedCount, waiver.playersCount)}
      </Badge>
    </Group>
  );
}

/** Signing has not opened yet, or has closed: when. */
export function SigningWindowClosed({ waiver }: { waiver: PublicWaiver }) {
  const format = useSignatureFormat();
  const opensLater = waiver.window.opensAt !== null && Date.parse(waiver.window.opensAt) > Date.now();
  return (
    <Alert color="yellow" icon={<IconClock size={20} />} title="Signing is closed" data-testid="signing-closed">
      {opensLater && waiver.window.opensAt
        ? `Signing opens on ${format.dateTime(waiver.window.opensAt)}.`
        : `Signing closed on ${format.dateTime(waiver.window.closesAt)}.`}
    </Alert>
  );
}

/** After a signature: the message and what to do next. */
export function SignedPanel({ signedCount, playersCount, children }: { signedCount: number; playersCount: number; children: ReactNode }) {
  return (
    <Center py="xl" data-testid="signing-done">
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2}>Waiver successfully signed</Title>
        <Text c="dimmed" data-testid="signed-count-after">
          {signedCountLabel(signedCount, playersCount)}
        </Text>
        <Group>{children}</Group>
      </Stack>
    </Center>
  );
}

/** A failed load: 404 means the booking's product asks for no waiver (or there is no such booking). */
export function WaiverLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404)
    return (
      <Alert color="gray" title="Nothing to sign" data-testid="no-waiver">
        There is no waiver to sign for this booking.
      </Alert>
    );
  return <LoadError error={error} onRetry={onRetry} />;
}

export function SignAnotherButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="lg" onClick={onClick}>
      Sign another
    </Button>
  );
}
