import { Button, Group, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '@lanebook/core/zod';
import { changePassword } from './api/change-password';
import { showSaveError } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { NewPasswordFields } from '../../components/fields/NewPasswordFields';
import { PasswordField } from '../../components/fields/PasswordField';
import { newPasswordShape, passwordsMatch } from '../../lib/password-form';

const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'Current password is required'), ...newPasswordShape })
  .refine(...passwordsMatch);

export function ChangePasswordForm() {
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword({ currentPassword, newPassword });
      form.reset();
      notifySuccess('Password changed. Your other sessions were signed out.');
    } catch (error) {
      // A wrong current password comes back as a field error with PASSWORD_CHANGE_FAILED.
      showSaveError(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label="Current password"
          autoComplete="current-password"

          {...form.register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <NewPasswordFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
