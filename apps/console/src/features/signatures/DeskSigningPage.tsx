import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { SigningBody } from '@lanebook/core/waiver-schemas';
import { ApiError } from '../../lib/api';
import { showFieldErrors } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { venueKey } from '../../lib/query-keys';
import { FullPageLoader } from '../../components/FullPageLoader';
import { SigningForm } from '../../components/waivers/SigningForm';
import { deskWaiverQuery } from './api/get-desk-waiver';
import { signAtDesk } from './api/sign-at-desk';
import { signaturesKey } from './api/keys';
import { SignAnotherButton, SignedPanel, SigningHeader, SigningWindowClosed, WaiverLoadError } from './SigningParts';

/** /bookings/{id}/signatures/sign: players sign one after another on the desk's tablet. */
export default function DeskSigningPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const waiver = useQuery(deskWaiverQuery(session.venueId, id));
  const [round, setRound] = useState(0);
  const [signed, setSigned] = useState(false);
  // The first form is the booker's (their name and email filled in, editable); after a signature, the next is a guest's.
  const [bookerTurn, setBookerTurn] = useState(true);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const sign = useMutation({
    mutationFn: (body: SigningBody) => signAtDesk(id, body),
    onMutate: () => setServerErrors({}),
    onSuccess: async () => {
      setSigned(true);
      setBookerTurn(false);
      // The count here, the booking's list and its "Waivers signed".
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: signaturesKey(session.venueId) }),
        queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'bookings') }),
      ]);
    },
    onError: async (error) => {
      // Closed while the form was open: show when.
      if (error instanceof ApiError && error.status === 409) {
        notifyError(error);
        await waiver.refetch();
        return;
      }
      showFieldErrors(error, setServerErrors);
    },
  });

  const back = (
    <Button component={Link} to={`/bookings/${id}/view`} variant="default" size="lg" leftSection={<IconArrowLeft size={18} />}>
      Back to the booking
    </Button>
  );

  if (waiver.isPending) return <FullPageLoader />;
  if (waiver.isError)
    return (
      <>
        <WaiverLoadError error={waiver.error} onRetry={() => waiver.refetch()} />
        <Group mt="md">{back}</Group>
      </>
    );
  const data = waiver.data;

  if (signed)
    return (
      <SignedPanel signedCount={data.signedCount} playersCount={data.playersCount}>
        <SignAnotherButton
          onClick={() => {
            setSigned(false);
            setRound((n) => n + 1);
          }}
        />
        {back}
      </SignedPanel>
    );

  return (
    <>
      <Group mb="md">
        <Button component={Link} to={`/bookings/${id}/signatures`} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          Signed waivers
        </Button>
      </Group>
      <SigningHeader waiver={data} withVenue={false} />
      {data.window.isOpen ? (
        <SigningForm
          key={round}
          waiver={data}
          initialValues={bookerTurn && data.booker ? { ...data.booker } : undefined}
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
