import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Avatar, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { VENUE_ROLES, type VenueRole } from '@lanebook/core/permissions';
import { USER_SORTS } from '@lanebook/core/users';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../components/dialogs';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usersKey } from './api/keys';
import { listUsersQuery, type UserListFilters } from './api/list-users';
import { withdrawInvitation } from './api/withdraw-invitation';
import { InviteUserModal } from './InviteUserModal';
import { RoleBadge, ROLE_LABELS, UserStatusBadge, venueDate } from '../../components/roles';
import { useUrlParams } from '../../lib/url-params';

const SORT_LABELS: Record<UserListFilters['sort'], string> = { az: 'A-Z', za: 'Z-A', new: 'Newest', old: 'Oldest' };
const ROLE_OPTIONS = [{ value: 'all', label: 'All' }, ...VENUE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))];
const SORT_OPTIONS = USER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

export default function UsersPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [inviteOpened, invite] = useDisclosure(false);
  // Filters live in the URL so coming back from a user keeps them.
  const { params, setParam, clear } = useUrlParams();
  const role = (VENUE_ROLES as readonly string[]).includes(params.get('role') ?? '') ? (params.get('role') as VenueRole) : undefined;
  const sort = (USER_SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as UserListFilters['sort'])
    : 'az';
  const search = params.get('search') ?? '';
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // Clearing the box applies at once; typing waits for a pause.
  const filters: UserListFilters = { role, sort, search: (search.trim() && debouncedSearch) || undefined };

  const usersQuery = useQuery({
    ...listUsersQuery(session.venueId, filters),
    // Invitations have no user id: the table keys them by email.
    select: (data) => ({
      ...data,
      items: data.items.map((row) => (row.status === 'invited' ? { ...row, id: `invited:${row.email}` } : row)),
    }),
  });

  const withdraw = useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: async (_, email) => {
      notifySuccess(`Invitation of ${email} withdrawn`);
      await queryClient.invalidateQueries({ queryKey: usersKey(session.venueId) });
    },
    onError: notifyError,
  });
  const confirmWithdraw = async (email: string) => {
    const confirmed = await confirmAction({
      title: 'Withdraw invitation',
      message: `Withdraw the invitation of ${email}? The link in their mail stops working for this venue.`,
      confirmLabel: 'Withdraw',
      danger: true,
    });
    if (confirmed) withdraw.mutate(email);
  };

  const filtered = Boolean(role || search);
  const venue = session.me?.venue;

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who works in this venue, the people invited, and what they may do."
        actions={
          session.can('users.create') ? (
            <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
              Invite user
            </Button>
          ) : null
        }
      />

      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setParam({ search: event.currentTarget.value })}
          w={{ base: '100%', xs: 260 }}
          type="search"
        />
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={role ?? 'all'}
          onChange={(value) => setParam({ role: value === 'all' ? null : value })}
          allowDeselect={false}
          w={{ base: 'calc(50% - 6px)', xs: 160 }}
        />
        <Select
          label="Sort"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(value) => setParam({ sort: value === 'az' ? null : value })}
          allowDeselect={false}
          w={{ base: 'calc(50% - 6px)', xs: 160 }}
        />
      </Group>

      <QueryTable
        query={usersQuery}
        label="Users"
        columns={['Name', 'Email', 'Role', 'Status', 'Joined or invited']}
        minWidth={720}
        empty={{
          icon: <IconUsers size={28} />,
          title: filtered ? 'No users match' : 'No users yet',
          description: filtered ? 'Try another name, email or role.' : 'Invite the people who work in this venue.',
          action: filtered ? (
            <Button variant="default" onClick={clear}>
              Clear filters
            </Button>
          ) : null,
          testId: 'users-empty',
        }}
        above={(data) => (
          <Text size="sm" c="dimmed" data-testid="users-total">
            {data.total === 1 ? '1 user' : `${data.total} users`}
          </Text>
        )}
        renderRow={(user) =>
          user.status === 'invited' ? (
            <Table.Tr data-testid="invitation-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar alt="" radius="xl" size="sm" name={user.email} color="initials" />
                  <Text size="sm" c="dimmed">
                    Invitation
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <UserStatusBadge user={user} />
                  {session.can('users.delete') ? (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmWithdraw(user.email)}>
                      Withdraw
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{venueDate(user.invitedAt, venue)}</Table.Td>
            </Table.Tr>
          ) : (
            <Table.Tr data-testid="user-row" style={{ cursor: 'pointer' }} onClick={() => navigate(`/users/${user.id}`)}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={user.image} alt="" radius="xl" size="sm" name={user.name} color="initials" />
                  {/* A real link too, for the keyboard and for opening in a new tab. */}
                  <Anchor component={Link} to={`/users/${user.id}`} fw={500} onClick={(event) => event.stopPropagation()}>
                    {user.name || user.email}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>
                <UserStatusBadge user={user} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{venueDate(user.joinedAt, venue)}</Table.Td>
            </Table.Tr>
          )
        }
      />

      <InviteUserModal opened={inviteOpened} onClose={invite.close} />
    </>
  );
}
