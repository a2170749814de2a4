import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSession } from '../../app/session';
import { ApiError, http } from '../../lib/api';
import { showSaveError } from '../../lib/forms';
import { AuthHeader, FormMessage } from './AuthHeader';
import { BackToSignIn } from './BackToSignIn';
import { NewPasswordFields } from './NewPasswordFields';
import { resetPasswordSchema } from './schemas';

type Stage = 'form' | 'done' | 'invalid';

/**
 * /reset-password?token=...: the target of both password-reset and invitation mails.
 * better-auth checks the token before redirecting here and sends ?error=INVALID_TOKEN instead
 * when it is unknown or expired.
 */
export default function ResetPasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [stage, setStage] = useState<Stage>(() => (!token || params.get('error') ? 'invalid' : 'form'));
  const form = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await http.post('/api/auth/reset-password', { newPassword, token }, { noVenue: true });
      setStage('done');
      // The reset signs the account out everywhere, this browser included.
      void session.refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') setStage('invalid');
      else showSaveError(form, error);
    }
  });

  if (stage === 'invalid') {
    return (
      <Stack gap="md">
        <AuthHeader title="Set your password" />
        <FormMessage kind="error">This link is invalid or has expired. Links work once, for 24 hours.</FormMessage>
        <Button component={Link} to="/forgot-password" fullWidth>
          Ask for a new link
        </Button>
        <BackToSignIn />
      </Stack>
    );
  }

  if (stage === 'done') {
    return (
      <Stack gap="md">
        <AuthHeader title="Set your password" />
        <FormMessage kind="success">Your password is set. Sign in with your new password.</FormMessage>
        <Button fullWidth onClick={() => navigate('/login', { replace: true })}>
          Sign in
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <AuthHeader title="Set your password" description="Choose the password you will sign in with." />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            Set password
          </Button>
        </Stack>
      </form>
      <BackToSignIn />
    </Stack>
  );
}
