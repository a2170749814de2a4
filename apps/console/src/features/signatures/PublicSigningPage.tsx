import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SigningBody } from '@lanebook/core/waiver-schemas';
import { ApiError } from '../../lib/api';
import { showFieldErrors } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import { FullPageLoader } from '../../components/FullPageLoader';
import { SigningForm } from '../../components/waivers/SigningForm';
import { publicWaiverQuery } from './api/get-public-waiver';
import { signPublic } from './api/sign-public';
import { publicWaiverKey } from './api/keys';
import { SignAnotherButton, SignedPanel, SigningHeader, SigningWindowClosed, WaiverLoadError } from './SigningParts';

/** /sign/{bookingReference}: a player signs from their own phone, without an account. */
export default function PublicSigningPage() {
  const { bookingReference = '' } = useParams();
  const queryClient = useQueryClient();
  const waiver = useQuery(publicWaiverQuery(bookingReference));
  const [round, setRound] = useState(0);
  const [signedCount, setSignedCount] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const sign = useMutation({
    mutationFn: (body: SigningBody) => signPublic(bookingReference, body),
    onMutate: () => setServerErrors({}),
    onSuccess: async (answer) => {
      setSignedCount(answer.signedCount);
      await queryClient.invalidateQueries({ queryKey: publicWaiverKey(bookingReference) });
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        notifyError(error);
        await waiver.refetch();
        return;
      }
      showFieldErrors(error, setServerErrors);
    },
  });

  if (waiver.isPending) return <FullPageLoader />;
  if (waiver.isError) return <WaiverLoadError error={waiver.error} onRetry={() => waiver.refetch()} />;
  const data = waiver.data;

  if (signedCount !== null)
    return (
      <SignedPanel signedCount={signedCount} playersCount={data.playersCount}>
        <SignAnotherButton
          onClick={() => {
            setSignedCount(null);
            setRound((n) => n + 1);
          }}
        />
      </SignedPanel>
    );

  return (
    <>
      <SigningHeader waiver={data} withVenue />
      {data.window.isOpen ? (
        <SigningForm
          key={round}
          waiver={data}
          onSubmit={(body) => sign.mutate(body)}
          submitting={sign.isPending}
          serverErrors={serverErrors}
        />
      ) : (
        <SigningWindowClosed waiver={data} />
      )}
    </>
  );
}
