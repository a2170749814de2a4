import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Avatar, Button, EmptyState, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconUserOff, IconUserX } from '@tabler/icons-react';
import { z } from '@lanebook/core/zod';
import type { VenueUser } from '@lanebook/core/api-schemas';
import { VENUE_ROLES, type VenueRole } from '@lanebook/core/permissions';
import { profileUpdateSchema } from '@lanebook/core/users';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../components/dialogs';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { showSaveError } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { LoadError } from '../../components/LoadError';
import { changeRole } from './api/change-role';
import { getUserQuery } from './api/get-user';
import { usersKey } from './api/keys';
import { removeUser } from './api/remove-user';
import { updateUser } from './api/update-user';
import { RoleBadge, ROLE_LABELS, UserStatusBadge, venueDate } from '../../components/roles';

/** Superadmins only: a venue admin never edits another person's profile (decision 008). */
const profileFormSchema = profileUpdateSchema.pick({ name: true }).required();
type ProfileInput = z.input<typeof profileFormSchema>;
type Profile = z.output<typeof profileFormSchema>;

function BackToUsers() {
  return (
    <Anchor component={Link} to="/users" size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} />
        Back to users
      </Group>
    </Anchor>
  );
}

export default function UserPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const userQuery = useQuery({
    ...getUserQuery(session.venueId, id),
    // A missing user will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

  if (userQuery.isPending) return <FullPageLoader />;
  if (userQuery.isError) {
    if (userQuery.error instanceof ApiError && userQuery.error.status === 404) {
      return (
        <>
          <PageHeader title="User not found" />
          <Paper withBorder radius="md" p="xl" data-testid="user-not-found">
            <EmptyState
              icon={<IconUserOff size={28} />}
              withIndicatorBackground
              title="This user is not in this venue"
              description="They may have been removed, or the link belongs to another venue."
            >
              <EmptyState.Actions>
                <Button component={Link} to="/users" leftSection={<IconArrowLeft size={16} />}>
                  Back to users
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Paper>
        </>
      );
    }
    return (
      <>
        <PageHeader title="User" description={<BackToUsers />} />
        <LoadError error={userQuery.error} onRetry={() => userQuery.refetch()} />
      </>
    );
  }
  return <UserDetails key={userQuery.data.id} user={userQuery.data} />;
}

function UserDetails({ user }: { user: VenueUser }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isSelf = user.id === session.me?.user.id;
  const canEdit = session.can('users.edit');
  // A person's name, phone and picture are theirs: the venue manages the membership only.
  const canEditProfile = Boolean(session.me?.isSuperadmin);
  const canDelete = session.can('users.delete');

  const afterChange = async (updated?: VenueUser) => {
    if (updated) queryClient.setQueryData(getUserQuery(session.venueId, updated.id).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: usersKey(session.venueId), refetchType: 'none' });
    // Your own name, role or membership also lives in the session (header, permissions).
    if (isSelf) await session.refresh();
  };

  const form = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name },
  });

  const saveProfile = useMutation({
    mutationFn: (values: Profile) => updateUser(user.id, { name: values.name }),
    onSuccess: async (updated) => {
      form.reset({ name: updated.name });
      notifySuccess('Profile saved');
      await afterChange(updated);
    },
    onError: (error) => showSaveError(form, error),
  });

  const roleChange = useMutation({
    mutationFn: (role: VenueRole) => changeRole(user.id, role),
    onSuccess: async (updated) => {
      notifySuccess(`${updated.name || updated.email} is now ${ROLE_LABELS[updated.role].toLowerCase()}`);
      await afterChange(updated);
    },
    // 403 (only owners manage owners) and 409 (last owner) explain themselves.
    onError: notifyError,
  });

  const remove = useMutation({
    mutationFn: () => removeUser(user.id),
    onSuccess: async () => {
      notifySuccess(`${user.name || user.email} was removed from the venue`);
      navigate('/users');
      await afterChange();
    },
    onError: notifyError,
  });

  const confirmRemove = async () => {
    const venueName = session.me?.venue?.name ?? 'this venue';
    const confirmed = await confirmAction({
      title: 'Remove from venue',
      message: isSelf
        ? `Remove yourself from ${venueName}? You lose access to it at once.`
        : `Remove ${user.name || user.email} from ${venueName}? They lose access at once; their account stays.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (confirmed) remove.mutate();
  };

  return (
    <>
      <PageHeader title={user.name || user.email} description={<BackToUsers />} />
      <Stack gap="lg" maw={760}>
        <Paper withBorder radius="md" p="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar src={user.image} alt="" radius="xl" size="lg" name={user.name} color="initials" />
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Text fw={600} size="lg" truncate>
                {user.name || user.email}
                {isSelf ? (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    (you)
                  </Text>
                ) : null}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
              <Group gap="xs">
                <RoleBadge role={user.role} />
                <UserStatusBadge user={user} />
              </Group>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="md" spacing="xs">
            <Text size="sm">
              <Text span c="dimmed">
                Joined:{' '}
              </Text>
              {venueDate(user.joinedAt, session.me?.venue)}
            </Text>
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="xs" data-testid="profile-is-theirs">
            {isSelf ? (
              <>
                Change your name and picture in{' '}
                <Anchor component={Link} to="/settings/profile">
                  your profile
                </Anchor>
                .
              </>
            ) : (
              'Name and picture are theirs: they change them in their own profile.'
            )}
          </Text>
        </Paper>

        {canEditProfile ? (
          <Paper withBorder radius="md" p="md" component="section" aria-label="Profile">
            <Title order={2} size="h4" mb="md">
              Profile
            </Title>
            <form noValidate onSubmit={form.handleSubmit((values) => saveProfile.mutate(values))}>
              <Text size="sm" c="dimmed" mb="sm">
                As a superadmin you may correct this person&apos;s name; it changes in every venue they belong to.
              </Text>
              <TextInput label="Name" withAsterisk error={form.formState.errors.name?.message} {...form.register('name')} />
              <Group justify="flex-end" mt="md">
                <Button type="submit" loading={saveProfile.isPending} disabled={!form.formState.isDirty}>
                  Save profile
                </Button>
              </Group>
            </form>
          </Paper>
        ) : null}

        {canEdit ? (
          <Paper withBorder radius="md" p="md" component="section" aria-label="Role">
            <Title order={2} size="h4" mb="xs">
              Role
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              The role decides what this user may do; see Settings → Permissions.
            </Text>
            <Select
              label="Role"
              data={VENUE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              // Shows the saved role: a refused change snaps back.
              value={roleChange.isPending ? roleChange.variables : user.role}
              onChange={(value) => value && value !== user.role && roleChange.mutate(value as VenueRole)}
              allowDeselect={false}
              disabled={roleChange.isPending}
              w={{ base: '100%', xs: 240 }}
            />
          </Paper>
        ) : null}

        {canDelete ? (
          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-label="Remove from venue"
            style={{ borderColor: 'var(--mantine-color-red-3)' }}
          >
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Title order={2} size="h4">
                  Remove from venue
                </Title>
                <Text size="sm" c="dimmed">
                  They lose access to this venue. Their Lanebook account and other venues are not touched.
                </Text>
              </div>
              <Button color="red" variant="light" leftSection={<IconUserX size={16} />} loading={remove.isPending} onClick={confirmRemove}>
                Remove from venue
              </Button>
            </Group>
          </Paper>
        ) : null}
      </Stack>
    </>
  );
}
