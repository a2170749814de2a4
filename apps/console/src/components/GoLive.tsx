import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { SETUP_INCOMPLETE_CODE, SETUP_ITEM_LABELS, type SetupItemKey } from '@lanebook/core/venue-setup-items';
import type { VenueSetup } from '@lanebook/core/venue-setup';
import { ApiError } from '../lib/api';
import { notifyError, notifySuccess } from '../lib/notify';
import { venueKey } from '../lib/query-keys';
import { useSession } from '../lib/session';
import { askToGoLive } from '../lib/venue-setup';

/** Where each checklist item is done in the console. */
export const SETUP_ITEM_LINKS: Record<SetupItemKey, string> = {
  details: '/settings/venue',
  lanes: '/resources',
  product: '/products',
  hours: '/calendar',
  waiver: '/waivers',
  payments: '/settings/bank-accounts',
  live: '/settings/venue',
};

/** The required items not done yet, each with what is missing and a link to where it is done. */
export function MissingSetup({ setup, title }: { setup: VenueSetup; title: string }) {
  const missing = setup.items.filter((item) => setup.missing.includes(item.key));
  if (missing.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={title} data-testid="go-live-missing">
      <List size="sm" spacing={4}>
        {missing.map((item) => (
          <List.Item key={item.key} data-testid={`missing-${item.key}`}>
            <Anchor component={Link} to={SETUP_ITEM_LINKS[item.key]} fw={500}>
              {SETUP_ITEM_LABELS[item.key]}
            </Anchor>
            {': '}
            {item.detail}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * The owner's request to go live. While required items are missing the server refuses (409
 * setup_incomplete) and the list of what is missing shows instead; otherwise the venue becomes
 * pending (a superadmin approves it) or live where the deployment approves by itself.
 */
export function GoLiveButton({
  setup,
  size = 'xs',
  showMissingOnRefusal = true,
}: {
  setup: VenueSetup;
  size?: 'xs' | 'compact-xs' | 'sm';
  /** Off where the page lists what is missing anyway. */
  showMissingOnRefusal?: boolean;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);
  const request = useMutation({
    mutationFn: askToGoLive,
    onSuccess: (venue) =>
      notifySuccess(
        venue.status === 'live'
          ? 'Your venue is live: the widget takes bookings'
          : 'Approval requested: your venue is pending for approval',
      ),
    onError: (error) => {
      if (showMissingOnRefusal && error instanceof ApiError && error.code === SETUP_INCOMPLETE_CODE) setRefused(true);
      else notifyError(error);
    },
    // Read again either way: the venue's status, and the checklist the refusal was about.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'current') });
      await queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'setup') });
      await session.refresh();
    },
  });
  if (setup.status !== 'inactive') return null;
  return (
    <>
      <Button size={size} variant="light" leftSection={<IconSend size={12} />} loading={request.isPending} onClick={() => request.mutate()}>
        {setup.approval === 'auto' ? 'Go live' : 'Request approval'}
      </Button>
      {showMissingOnRefusal && refused && setup.missing.length ? (
        <div style={{ flexBasis: '100%' }}>
          <MissingSetup setup={setup} title="Not yet: finish these first" />
        </div>
      ) : null}
    </>
  );
}

/** What going live means here, in a sentence. */
export function GoLiveHint({ setup }: { setup: VenueSetup }) {
  if (setup.status !== 'inactive') return null;
  return (
    <Text size="xs" c="dimmed">
      {setup.approval === 'auto'
        ? 'Once the required items are done, going live opens the widget to online bookings at once.'
        : 'Once the required items are done, a Lanebook administrator approves the venue and the widget opens to online bookings.'}
    </Text>
  );
}
