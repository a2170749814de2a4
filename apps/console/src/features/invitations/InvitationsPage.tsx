import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { PendingInvitation } from '@lanebook/core/api-schemas';
import { useSession } from '../../lib/session';
import { LoadError } from '../../components/LoadError';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AuthHeader } from '../../components/AuthHeader';
import { ROLE_LABELS } from '../../components/roles';
import { acceptInvitation } from './api/accept-invitation';
import { declineInvitation } from './api/decline-invitation';
import { invitationsQuery } from './api/list-invitations';

/**
 * /invitations: the venues that invited the signed-in person (decision 008). Nothing is joined
 * until they accept; the guard sends a person without a venue here first when they have some.
 */
export default function InvitationsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(invitationsQuery());
  const hasVenue = Boolean(session.me?.venues.length);

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: invitationsQuery().queryKey });
    await session.refresh();
  };
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (membership) => {
      notifySuccess(`You joined ${membership.venueName}`);
      await done();
      session.selectVenue(membership.venueId);
      navigate('/', { replace: true });
    },
    onError: notifyError,
  });
  const decline = useMutation({
    mutationFn: (invitation: PendingInvitation) => declineInvitation(invitation.venueId),
    onSuccess: async (_, invitation) => {
      notifySuccess(`You declined the invitation of ${invitation.venueName}`);
      await done();
    },
    onError: notifyError,
  });
  const busy = accept.isPending || decline.isPending;

  return (
    <Stack gap="md">
      <AuthHeader title="Invitations" description="Venues that invited you. You join a venue only when you accept." />
      {query.isPending ? (
        <Group justify="center">
          <Loader size="sm" />
        </Group>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-invitations">
          You have no pending invitations.
        </Text>
      ) : (
        query.data.items.map((invitation) => (
          <Paper key={invitation.venueId} withBorder radius="md" p="md" data-testid="invitation">
            <Stack gap="xs">
              <Text fw={600} style={{ wordBreak: 'break-word' }}>
                {invitation.venueName}
              </Text>
              <Text size="sm" c="dimmed">
                As {ROLE_LABELS[invitation.role].toLowerCase()} · until {new Date(invitation.expiresAt).toLocaleDateString()}
              </Text>
              <Group gap="sm" justify="flex-end">
                <Button variant="default" disabled={busy} onClick={() => decline.mutate(invitation)}>
                  Decline
                </Button>
                <Button
                  loading={accept.isPending && accept.variables === invitation.venueId}
                  disabled={busy}
                  onClick={() => accept.mutate(invitation.venueId)}
                >
                  Accept
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))
      )}
      {query.isSuccess ? (
        hasVenue || session.me?.isSuperadmin ? (
          <Button component={Link} to="/" variant="subtle">
            Back to Lanebook
          </Button>
        ) : (
          <Button component={Link} to="/onboard/venue" variant={query.data.items.length ? 'subtle' : 'filled'}>
            Create your own venue instead
          </Button>
        )
      ) : null}
    </Stack>
  );
}
