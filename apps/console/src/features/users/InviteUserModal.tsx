import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { z } from '@lanebook/core/zod';
import { VENUE_ROLES, type VenueRole } from '@lanebook/core/permissions';
import { inviteUserSchema } from '@lanebook/core/users';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { showSaveError } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { inviteUser } from './api/invite-user';
import { usersKey } from './api/keys';
import { ROLE_LABELS } from '../../components/roles';

type InviteInput = z.input<typeof inviteUserSchema>;
type Invite = z.output<typeof inviteUserSchema>;

const ROLE_HINTS: Record<VenueRole, string> = {
  owner: 'Everything, including permissions and other owners',
  manager: 'Runs the venue day to day',
  staff: 'Front desk: bookings and check-in',
};

export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  // Only owners (and superadmins) may make someone an owner; the server enforces it too.
  const mayAddOwner = session.me?.role === 'owner' || Boolean(session.me?.isSuperadmin);
  const roles = VENUE_ROLES.filter((role) => role !== 'owner' || mayAddOwner);

  const form = useForm<InviteInput, unknown, Invite>({
    resolver: zodResolver(inviteUserSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const { errors } = form.formState;

  const invite = useMutation({
    mutationFn: inviteUser,
    onSuccess: async ({ invitation }) => {
      notifySuccess(`Invitation sent to ${invitation.email}`);
      close();
      await queryClient.invalidateQueries({ queryKey: usersKey(session.venueId) });
    },
    onError: (error) => {
      // Already a user of this venue: say so where the email was typed.
      if (error instanceof ApiError && error.status === 409) form.setError('email', { type: 'server', message: error.message });
      else showSaveError(form, error);
    },
  });

  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite user" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          return form.handleSubmit((values) => invite.mutate(values))(event);
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            They get an email and join this venue when they accept. Until then the list shows them as invited.
          </Text>
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="off"
            data-autofocus
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                withAsterisk
                data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                description={ROLE_HINTS[field.value as VenueRole]}
                error={errors.role?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
