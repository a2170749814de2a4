import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN } from '@lanebook/core/users';
import { useSession } from '../../app/session';
import { ApiError, errorMessage, http } from '../../lib/api';
import { FormMessage } from './AuthHeader';
import { PasswordField } from './PasswordField';
import { signUpSchema } from './schemas';

/** Creates an account with email and password; better-auth signs the new user in at once. */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await http.post('/api/auth/sign-up/email', values, { noVenue: true });
      await session.refresh();
      await onSignedUp();
    } catch (error) {
      // better-auth answers a taken email with USER_ALREADY_EXISTS...: it belongs under the field.
      if (error instanceof ApiError && error.code.startsWith('USER_ALREADY_EXISTS')) {
        form.setError('email', { type: 'server', message: error.message });
      } else {
        setFailure(errorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
        <TextInput label="Name" autoComplete="name" {...form.register('name')} error={errors.name?.message} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.register('email')} error={errors.email?.message} />
        <PasswordField
          label="Password"
          description={`At least ${PASSWORD_MIN} characters`}
          autoComplete="new-password"

          {...form.register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
