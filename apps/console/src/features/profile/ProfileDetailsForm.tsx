import { Button, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { Me } from '@lanebook/core/api-schemas';
import { normalizePhone } from '@lanebook/core/format';
import { PROFILE_UPDATE_FAILED } from '@lanebook/core/messages';
import { profileUpdateSchema } from '@lanebook/core/users';
import { useSession } from '../../lib/session';
import { ApiError, errorMessage } from '../../lib/api';
import { updateProfile } from './api/update-profile';
import { showSaveError } from '../../lib/forms';
import { notifyDanger, notifySuccess } from '../../lib/notify';
import { AvatarField } from './AvatarField';

const detailsSchema = profileUpdateSchema.required();

export function ProfileDetailsForm({ user }: { user: Me['user'] }) {
  const session = useSession();
  const form = useForm({
    resolver: zodResolver(detailsSchema),
    defaultValues: { name: user.name, phone: user.phone, image: user.image as string | null },
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const patch = { ...values, phone: normalizePhone(values.phone ?? ''), image: values.image || null };
    try {
      await updateProfile(patch);
      await session.refresh();
      form.reset(patch);
      notifySuccess('Profile saved.');
    } catch (error) {
      // Field problems go under their fields; anything else gets the profile's own failure message.
      if (error instanceof ApiError && error.fields.length) showSaveError(form, error);
      else notifyDanger(PROFILE_UPDATE_FAILED, errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <AvatarField
              value={field.value ?? null}
              onChange={field.onChange}
              name={form.watch('name') ?? ''}
              error={errors.image?.message}
            />
          )}
        />
        <TextInput label="Name" autoComplete="name" {...form.register('name')} error={errors.name?.message} />
        <TextInput
          label="Phone"
          type="tel"
          description="Optional. Digits and a leading +; spaces and dashes are removed."
          autoComplete="tel"
          placeholder="+1 212 555 0100"
          {...form.register('phone')}
          error={errors.phone?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
