import { useSearchParams } from 'react-router';
import { Anchor, Stack, Text } from '@mantine/core';
import { useSession } from '../../lib/session';
import { AuthHeader, FormMessage } from '../../components/AuthHeader';
import { useFinishSignIn } from './finish-sign-in';
import { safeNextPath } from '../../lib/next-path';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { SocialButtons } from './SocialButtons';

/** /login: sign in, or (?mode=signup) create an account. The mode lives in the URL so it can be linked. */
export default function LoginPage() {
  const session = useSession();
  const goTo = useFinishSignIn();
  const [params, setParams] = useSearchParams();
  const signingUp = params.get('mode') === 'signup';
  const next = safeNextPath(params.get('next'));
  // A confirmation link lands here with the address (?confirmed=), and ?error= when it failed.
  const confirmedEmail = params.get('confirmed');
  const linkError = confirmedEmail !== null ? params.get('error') : null;

  const switchMode = () => {
    const nextParams = new URLSearchParams(params);
    if (signingUp) nextParams.delete('mode');
    else nextParams.set('mode', 'signup');
    setParams(nextParams, { replace: true });
  };

  return (
    <Stack gap="md">
      <AuthHeader
        title={signingUp ? 'Create your account' : 'Sign in to Lanebook'}
        description={signingUp ? 'Then set up your venue in a minute.' : 'Manage bookings, lanes and staff for your venue.'}
      />
      {session.endedReason === 'account_disabled' ? (
        <FormMessage kind="error">Your account has been disabled. Ask your venue owner or Lanebook support.</FormMessage>
      ) : null}
      {!signingUp && confirmedEmail !== null ? (
        linkError ? (
          <FormMessage kind="error">
            {linkError === 'TOKEN_EXPIRED' ? 'This confirmation link has expired.' : 'This confirmation link is not valid.'} Sign in with
            your password and we will mail you a new one.
          </FormMessage>
        ) : (
          <FormMessage kind="success">Your email address is confirmed. Sign in to continue.</FormMessage>
        )
      ) : null}
      {/* A new account has no venue yet: '/' lets the guards send it to venue onboarding. */}
      {signingUp ? <SignUpForm /> : <SignInForm initialEmail={confirmedEmail ?? ''} onSignedIn={() => goTo(next)} />}
      <SocialButtons onSignedIn={() => goTo(signingUp ? '/' : next)} />
      <Text size="sm" ta="center" c="dimmed">
        {signingUp ? 'Already have an account? ' : 'New to Lanebook? '}
        <Anchor component="button" type="button" size="sm" onClick={switchMode}>
          {signingUp ? 'Sign in' : 'Create an account'}
        </Anchor>
      </Text>
    </Stack>
  );
}
