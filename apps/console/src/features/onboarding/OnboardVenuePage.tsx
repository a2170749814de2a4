import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Center, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { createVenue } from './api/create-venue';
import { showSaveError } from '../../lib/forms';
import { AuthHeader } from '../../components/AuthHeader';
import { browserTimeZone, TimezoneSelect } from '../../components/fields/VenueFields';
import { COUNTRY_OPTIONS, onboardVenueSchema, suggestVenueId } from './venue-form';

/** /onboard/venue: the first step of a new account (and how an owner adds another venue). */
export default function OnboardVenuePage() {
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(onboardVenueSchema),
    defaultValues: { id: '', name: '', country: 'US' as const, timezone: browserTimeZone() },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const hasVenues = (session.me?.venues.length ?? 0) > 0;

  const nameField = form.register('name', {
    // Until the user types an ID of their own, keep suggesting one from the name.
    onChange: (event: { target: { value: string } }) => {
      if (!form.getFieldState('id').isDirty) form.setValue('id', suggestVenueId(event.target.value), { shouldValidate: isSubmitted });
    },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const venue = await createVenue(values);
      session.selectVenue(venue.id);
      await session.refresh();
      navigate('/onboard/bank-account');
    } catch (error) {
      // A taken ID is the one failure the user fixes in a field.
      if (error instanceof ApiError && error.status === 409) form.setError('id', { type: 'server', message: error.message });
      else showSaveError(form, error);
    }
  });

  return (
    <Stack gap="md">
      <AuthHeader
        title={hasVenues ? 'Add a venue' : 'Create your venue'}
        description="Tell us where you run your lanes. You can fill in address, formats and payment methods later in Settings."
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Venue name" placeholder="Timber Axe House" {...nameField} error={errors.name?.message} />
          <TextInput
            label="Venue ID"
            placeholder="timber-axe-house"
            description="Used in your booking links and widget embed code. Lowercase letters, digits and dashes; it cannot be changed later."
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('id')}
            error={errors.id?.message}
          />
          <Controller
            control={form.control}
            name="country"
            render={({ field, fieldState }) => (
              <Select
                label="Country"
                data={COUNTRY_OPTIONS}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'US')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="timezone"
            render={({ field, fieldState }) => (
              <TimezoneSelect
                description="Booking times and the venue clock use this zone."
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Create venue
          </Button>
        </Stack>
      </form>
      {hasVenues ? (
        <Center>
          <Anchor component={Link} to="/dashboard" size="sm">
            Back to the console
          </Anchor>
        </Center>
      ) : null}
    </Stack>
  );
}
