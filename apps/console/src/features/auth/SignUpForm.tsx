import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN } from '@lanebook/core/users';
import { errorMessage } from '../../lib/api';
import { signUp } from './api/sign-up';
import { FormMessage } from '../../components/AuthHeader';
import { PasswordField } from '../../components/fields/PasswordField';
import { signUpSchema } from './schemas';

/**
 * Creates an account with email and password. The account signs in once its address is
 * confirmed: the mail's link signs the person in and brings them back here.
 */
export function SignUpForm() {
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signUp(values);
      setSentTo(values.email);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  if (sentTo) {
    return (
      <FormMessage kind="success">
        We sent a confirmation link to {sentTo}. Open it to finish creating your account; it is valid for 24 hours.
      </FormMessage>
    );
  }

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
