import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSession } from '../../lib/session';
import { ApiError, errorMessage } from '../../lib/api';
import { FormMessage } from '../../components/AuthHeader';
import { PasswordField } from '../../components/fields/PasswordField';
import { signInSchema } from './schemas';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const EMAIL_NOT_CONFIRMED = 'Confirm your email address first: we sent you a new link.';

/** One message for an unknown email and a wrong password alike, so sign-in reveals no accounts. */
function signInFailure(error: unknown): string {
  if (error instanceof ApiError && (error.status === 401 || error.code === 'INVALID_EMAIL_OR_PASSWORD')) return INVALID_CREDENTIALS;
  // Only the right password gets this far; signing in also sent a fresh link.
  if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') return EMAIL_NOT_CONFIRMED;
  return errorMessage(error);
}

/** `initialEmail`: the address a confirmation link just confirmed; the password is then the one field left. */
export function SignInForm({ onSignedIn, initialEmail = '' }: { onSignedIn: () => Promise<void>; initialEmail?: string }) {
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: initialEmail, password: '', rememberMe: true } });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (initialEmail) form.setFocus('password');
  }, [form, initialEmail]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await session.signIn(values);
      await onSignedIn();
    } catch (error) {
      setFailure(signInFailure(error));
      form.setValue('password', '');
      form.setFocus('password');
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"

          {...form.register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"

          {...form.register('password')}
          error={errors.password?.message}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox label="Remember me" {...form.register('rememberMe')} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={isSubmitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
