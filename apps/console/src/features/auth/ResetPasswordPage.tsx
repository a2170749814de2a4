import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { activateInvitation } from './api/activate-invitation';
import { resetPassword } from './api/reset-password';
import { showSaveError } from '../../lib/forms';
import { AuthHeader, FormMessage } from '../../components/AuthHeader';
import { BackToSignIn } from './BackToSignIn';
import { NewPasswordFields } from '../../components/fields/NewPasswordFields';
import { resetPasswordSchema } from './schemas';

type Stage = 'form' | 'done' | 'invalid';

/**
 * /reset-password?token=...: the target of both password-reset and invitation mails (an
 * invitation link adds ?invitation=<venue id>, and the password is set through the invitation
 * call, which accepts it: decision 008).
 * better-auth checks the token before redirecting here and sends ?error=INVALID_TOKEN instead
 * when it is unknown or expired.
 */
export default function ResetPasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  // An invitation link (decision 008): setting the password also accepts that venue's invitation.
  const invitation = params.get('invitation');
  const [joined, setJoined] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>(() => (!token || params.get('error') ? 'invalid' : 'form'));
  const form = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  const submit = form.handleSubmit(async ({ newPassword }) => {
    // The form shows only for a link with a token (the stage above); the invitation call requires it.
    if (!token) {
      setStage('invalid');
      return;
    }
    try {
      if (invitation) {
        const answer = await activateInvitation({ newPassword, token, invitation });
        setJoined(answer.venue?.venueName ?? null);
      } else {
        await resetPassword({ newPassword, token });
      }
      setStage('done');
      // The reset signs the account out everywhere, this browser included.
      void session.refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'INVALID_TOKEN' || error.code === 'invalid_token')) setStage('invalid');
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
        <FormMessage kind="success">
          {joined ? `Your password is set and you joined ${joined}. ` : 'Your password is set. '}Sign in with your new password.
        </FormMessage>
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
