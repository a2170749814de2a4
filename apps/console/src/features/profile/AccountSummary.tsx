import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { Me } from '@lanebook/core/api-schemas';

const ROLE_LABELS = { owner: 'Owner', manager: 'Manager', staff: 'Staff' } as const;

/** Who is signed in: photo, name, email, the role in each venue and the superadmin flag. */
export function AccountSummary({ me }: { me: Me }) {
  const { user } = me;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={user.image} alt="" size={64} radius="xl" color="blue">
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <div>
            <Text fw={600} size="lg" truncate>
              {user.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
          <Group gap={6} data-testid="profile-roles">
            {me.isSuperadmin ? (
              <Badge color="yellow" variant="filled" leftSection={<IconCrown size={12} />}>
                Superadmin
              </Badge>
            ) : null}
            {me.venues.map((membership) => (
              <Badge
                key={membership.venueId}
                variant={membership.venueId === me.venue?.id ? 'filled' : 'light'}
                style={{ textTransform: 'none' }}
              >
                {ROLE_LABELS[membership.role]} · {membership.venueName}
              </Badge>
            ))}
            {!me.isSuperadmin && me.venues.length === 0 ? (
              <Text size="sm" c="dimmed">
                No venue yet
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
