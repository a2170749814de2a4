import { Link, useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { z } from '@lanebook/core/zod';
import { superadminVenueCreateSchema } from '@lanebook/core/venue-schemas';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { showSaveError } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { browserTimeZone, CountrySelect, slugify, TimezoneSelect, VenueIdInput } from '../../components/fields/VenueFields';
import { createVenue } from './api/create-venue';
import { superadminKeys } from './api/keys';

type CreateInput = z.input<typeof superadminVenueCreateSchema>;
type Create = z.output<typeof superadminVenueCreateSchema>;

export default function SuperadminCreateVenuePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<CreateInput, unknown, Create>({
    resolver: zodResolver(superadminVenueCreateSchema),
    defaultValues: { id: '', name: '', country: 'US', timezone: browserTimeZone(), ownerEmail: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const create = useMutation({
    mutationFn: createVenue,
    onSuccess: async (venue, input) => {
      notifySuccess(`Venue ${venue.name} created; ${input.ownerEmail} was emailed`);
      await queryClient.invalidateQueries({ queryKey: superadminKeys.venues });
      navigate('/settings/superadmin');
    },
    onError: (error) => {
      // A taken venue ID is a problem with the ID field.
      if (error instanceof ApiError && error.status === 409) form.setError('id', { type: 'server', message: error.message });
      else showSaveError(form, error);
    },
  });

  const nameField = form.register('name');

  return (
    <>
      <PageHeader
        title="Create venue"
        description="Create a venue for an owner. An owner without an account is invited to set a password; the venue is theirs when they sign in."
      />
      <Paper withBorder radius="md" p="md" maw={760}>
        <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Venue name"
                withAsterisk
                error={errors.name?.message}
                {...nameField}
                onChange={(event) => {
                  void nameField.onChange(event);
                  // Suggest an ID from the name until someone types one.
                  if (!form.getFieldState('id').isDirty)
                    form.setValue('id', slugify(event.currentTarget.value), { shouldValidate: Boolean(form.formState.errors.id) });
                }}
              />
              <VenueIdInput withAsterisk error={errors.id?.message} {...form.register('id')} />
              <Controller
                control={form.control}
                name="country"
                render={({ field }) => (
                  <CountrySelect
                    withAsterisk
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    onBlur={field.onBlur}
                    error={errors.country?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="timezone"
                render={({ field }) => (
                  <TimezoneSelect
                    withAsterisk
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    onBlur={field.onBlur}
                    error={errors.timezone?.message}
                  />
                )}
              />
              <TextInput
                label="Owner email"
                description="Becomes the venue's owner"
                type="email"
                withAsterisk
                autoComplete="off"
                error={errors.ownerEmail?.message}
                {...form.register('ownerEmail')}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/settings/superadmin" variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create venue
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
