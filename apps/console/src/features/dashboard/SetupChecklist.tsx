import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { SETUP_ITEM_LABELS } from '@lanebook/core/venue-setup-items';
import type { SetupItem, VenueSetup } from '@lanebook/core/venue-setup';
import { GoLiveButton, GoLiveHint, SETUP_ITEM_LINKS } from '../../components/GoLive';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { setPayAtVenue, useVenueSetup, venueSetupQuery } from '../../lib/venue-setup';

/**
 * The owner's first dashboard: what the venue still needs before customers can book it, each
 * item ticked from the venue's real data (GET /api/private/venue/setup), shown until the venue is
 * live (docs/decisions/035-going-live-alone.md).
 */
export function SetupChecklist() {
  const setup = useVenueSetup();
  if (!setup.data || setup.data.status === 'live') return null;
  return <Checklist setup={setup.data} />;
}

function Checklist({ setup }: { setup: VenueSetup }) {
  const done = setup.items.filter((item) => item.done).length;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-label="Set up your venue" data-testid="setup-checklist">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={2} size="h4">
            Set up your venue
          </Title>
          <Text size="sm" c="dimmed">
            What customers need before they can book online. Items marked Required must be done before going live.
          </Text>
        </div>
        <Text size="sm" fw={500} data-testid="setup-progress">
          {done} of {setup.items.length} done
        </Text>
      </Group>
      <Progress value={(done / setup.items.length) * 100} size="sm" mb="md" aria-label="Setup progress" />
      <Stack gap="sm">
        {setup.items.map((item) => (
          <ChecklistItem key={item.key} item={item} setup={setup} />
        ))}
      </Stack>
    </Paper>
  );
}

function ChecklistItem({ item, setup }: { item: SetupItem; setup: VenueSetup }) {
  const session = useSession();
  const canEdit = session.can('venues.edit');
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid={`setup-${item.key}`} data-done={item.done}>
      <ThemeIcon
        size={22}
        radius="xl"
        color={item.done ? 'green' : 'gray'}
        variant={item.done ? 'filled' : 'light'}
        aria-label={item.done ? 'Done' : 'Not done'}
      >
        {item.done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1 }}>
        <Group gap="xs">
          {item.key === 'live' ? (
            <Text fw={500} size="sm">
              {SETUP_ITEM_LABELS[item.key]}
            </Text>
          ) : (
            <Anchor component={Link} to={SETUP_ITEM_LINKS[item.key]} fw={500} size="sm">
              {SETUP_ITEM_LABELS[item.key]}
            </Anchor>
          )}
          {item.required && !item.done ? (
            <Badge size="xs" variant="light" color="orange">
              Required
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {item.detail}
        </Text>
        {item.key === 'payments' && canEdit ? <PaymentsChoice setup={setup} /> : null}
        {item.key === 'live' && canEdit ? (
          <Group gap="xs" mt={4}>
            <GoLiveButton setup={setup} />
            <GoLiveHint setup={setup} />
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}

/** Card payments (Settings → Bank accounts), or payment taken at the venue. */
function PaymentsChoice({ setup }: { setup: VenueSetup }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: setPayAtVenue,
    onSuccess: (answer) => queryClient.setQueryData(venueSetupQuery(session.venueId).queryKey, answer),
    onError: notifyError,
  });
  const cardsOn = setup.items.some((item) => item.key === 'payments' && item.done) && !setup.payAtVenue;
  if (cardsOn) return null;
  return (
    <Group gap="xs" mt={4}>
      <Button component={Link} to="/settings/bank-accounts" size="xs" variant="light">
        Set up card payments
      </Button>
      <Button size="xs" variant="default" loading={choose.isPending} onClick={() => choose.mutate(!setup.payAtVenue)}>
        {setup.payAtVenue ? 'Stop taking payment at the venue' : 'Take payment at the venue'}
      </Button>
    </Group>
  );
}
