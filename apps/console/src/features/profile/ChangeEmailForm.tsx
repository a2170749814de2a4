import { useMemo, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '@lanebook/core/zod';
import { emailSchema } from '@lanebook/core/users';
import { useSession } from '../../lib/session';
import { ConfirmPasswordDialog } from '../../components/dialogs';
import { ApiError } from '../../lib/api';
import { changeEmail } from './api/change-email';
import { notifySuccess } from '../../lib/notify';

/** Changing the sign-in email needs the password again (reauthentication). */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const session = useSession();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const schema = useMemo(
    () => z.object({ newEmail: emailSchema.refine((email) => email !== currentEmail, 'This is already your email') }),
    [currentEmail],
  );
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { newEmail: '' } });

  const confirm = async (password: string) => {
    const newEmail = pendingEmail!;
    try {
      await changeEmail({ newEmail, password });
    } catch (error) {
      // A taken or refused address is fixed in the email field; the dialog keeps password errors.
      const emailProblem = error instanceof ApiError && (error.status === 409 || error.fields.some((field) => field.path === 'newEmail'));
      if (!emailProblem) throw error;
      form.setError('newEmail', { type: 'server', message: error.message });
      return;
    }
    await session.refresh();
    form.reset();
    notifySuccess(`You now sign in with ${newEmail}.`);
  };

  return (
    <>
      <form onSubmit={form.handleSubmit(({ newEmail }) => setPendingEmail(newEmail))} noValidate>
        <Stack gap="md">
          <Text size="sm">
            You sign in with <b>{currentEmail}</b>.
          </Text>
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            {...form.register('newEmail')}
            error={form.formState.errors.newEmail?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="default">
              Change email
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmPasswordDialog opened={pendingEmail !== null} onClose={() => setPendingEmail(null)} onConfirm={confirm} />
    </>
  );
}
