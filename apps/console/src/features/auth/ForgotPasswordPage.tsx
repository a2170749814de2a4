import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { requestPasswordReset } from './api/request-password-reset';
import { notifyError } from '../../lib/notify';
import { AuthHeader, FormMessage } from '../../components/AuthHeader';
import { BackToSignIn } from './BackToSignIn';
import { emailOnlySchema } from './schemas';

export const RESET_LINK_SENT = 'If an account exists for that email, a reset link is on its way.';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
    } catch (error) {
      // Only "no answer at all" is worth telling: any answer gets the same confirmation, so the
      // page never reveals whether an account exists.
      if (error instanceof ApiError && error.status === 0) {
        notifyError(error);
        return;
      }
    }
    setSent(true);
  });

  return (
    <Stack gap="md">
      <AuthHeader
        title="Forgot your password?"
        description="Enter the email you sign in with and we will send you a link to set a new password."
      />
      {sent ? (
        <FormMessage kind="success">{RESET_LINK_SENT}</FormMessage>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"

              {...form.register('email')}
              error={errors.email?.message}
            />
            <Button type="submit" fullWidth loading={isSubmitting}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </Stack>
  );
}
