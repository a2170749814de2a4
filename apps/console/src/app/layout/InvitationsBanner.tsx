import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { invitationsQuery } from '../../features/invitations/api/list-invitations';

/** Tells a signed-in person that venues invited them (decision 008); they answer on /invitations. */
export function InvitationsBanner() {
  const query = useQuery({ ...invitationsQuery(), staleTime: 60_000 });
  const count = query.data?.total ?? 0;
  if (!count) return null;
  return (
    <Alert color="blue" icon={<IconMailOpened size={18} />} mb="md" data-testid="invitations-banner">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{count === 1 ? 'A venue invited you to join it.' : `${count} venues invited you to join them.`}</Text>
        <Button size="xs" component={Link} to="/invitations">
          See invitations
        </Button>
      </Group>
    </Alert>
  );
}
