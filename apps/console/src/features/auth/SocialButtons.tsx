import { useState } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { authConfigQuery } from './api/get-auth-config';
import { signInWithPopup } from '../../lib/social-sign-in';
import { FormMessage } from '../../components/AuthHeader';

/** One "Continue with ..." button per provider the server has configured; nothing when there is none. */
export function SocialButtons({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const session = useSession();
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const config = useQuery(authConfigQuery());
  const providers = config.data?.socialProviders ?? [];
  if (providers.length === 0) return null;

  const start = async (providerId: string) => {
    setPending(providerId);
    setFailure(null);
    try {
      await signInWithPopup(providerId);
      await session.refresh();
      await onSignedIn();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          leftSection={provider.id === 'google' ? <IconBrandGoogle size={18} /> : <IconKey size={18} />}
          loading={pending === provider.id}
          disabled={pending !== null && pending !== provider.id}
          onClick={() => start(provider.id)}
        >
          Continue with {provider.name}
        </Button>
      ))}
    </Stack>
  );
}
