import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { GuestDetail } from '@lanebook/core/guest-schemas';
import { ActionForm } from '../../components/ActionForm';
import { ReasonInput } from '../../components/fields/ReasonInput';
import { guestName, useGuestHistory } from '../../components/guests/GuestSummary';
import { ApiError } from '../../lib/api';
import { showFieldErrors } from '../../lib/forms';
import { guestQuery, guestsKey } from '../../lib/guests';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';
import { eraseGuest } from './api/erase-guest';
import { listGuestsQuery } from './api/list-guests';
import { mergeGuest } from './api/merge-guest';

interface GuestActionProps {
  guest: GuestDetail;
  onClose: () => void;
}

/** What a guest's action answers (the guest's page afresh): kept as the page's data, and every list of guests refreshed. */
function useGuestAnswer() {
  const session = useSession();
  const queryClient = useQueryClient();
  return async (answer: GuestDetail) => {
    queryClient.setQueryData(guestQuery(session.venueId, answer.id).queryKey, answer);
    await queryClient.invalidateQueries({ queryKey: guestsKey(session.venueId) });
  };
}

/**
 * Merge (guests.edit): the desk finds the same person under another record (a second email, say)
 * and joins it to this one; its bookings, signatures and log move here, and the other record goes.
 */
export function MergeGuestModal({ guest, onClose }: GuestActionProps) {
  const session = useSession();
  const format = useVenueFormat();
  const history = useGuestHistory();
  const answered = useGuestAnswer();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const found = useQuery({ ...listGuestsQuery(session.venueId, { search: settled, limit: 8, offset: 0 }), enabled: settled !== '' });
  const candidates = (found.data?.items ?? []).filter((other) => other.id !== guest.id && !other.erasedAt);
  const chosen = candidates.find((other) => other.id === chosenId) ?? null;
  const merge = useMutation({
    mutationFn: () => mergeGuest(guest.id, chosenId ?? ''),
    onSuccess: async (survivor) => {
      await answered(survivor);
      notifySuccess(`${chosen ? guestName(chosen) : 'The guest'} merged into ${guestName(survivor)}`);
      onClose();
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });
  const name = guestName(guest);
  return (
    <ActionForm
      title={`Merge into ${name}`}
      onClose={onClose}
      submitLabel="Merge guests"
      busy={merge.isPending}
      submitDisabled={!chosen}
      size="lg"
      onSubmit={() => {
        setErrors({});
        if (!chosen) setErrors({ guestId: 'Choose the guest who joins this one' });
        else merge.mutate();
      }}
    >
      <Text size="sm">Find the other record of this person: by a name, an email, a phone or its last four digits.</Text>
      <TextInput
        label="Find a guest"
        type="search"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setChosenId(null);
        }}
        data-autofocus
      />
      {settled === '' ? null : found.isPending ? (
        <Text size="sm" c="dimmed">
          Searching…
        </Text>
      ) : candidates.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="merge-none">
          No other guest matches.
        </Text>
      ) : (
        <Radio.Group label="Guest who joins" value={chosenId} onChange={setChosenId} error={errors.guestId}>
          <Stack gap="xs" mt={6}>
            {candidates.map((other) => (
              <Radio
                key={other.id}
                value={other.id}
                data-testid="merge-candidate"
                label={`${guestName(other)} · ${[other.email, other.phone ? format.phone(other.phone) : ''].filter(Boolean).join(' · ') || 'no contact'}`}
                description={history(other)}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {chosen ? (
        <Alert color="blue" data-testid="merge-confirm">
          {guestName(chosen)} joins this guest; their bookings and signatures move here. {name} keeps this record’s names, email and phone.
        </Alert>
      ) : null}
    </ActionForm>
  );
}

/**
 * Erase (guests.erase): the person's data on request. Their names, email, phone, notes and
 * signature images go from the guest and every booking; the money and counts stay. The server
 * refuses while a booking of theirs is upcoming, and the dialog says its words.
 */
export function EraseGuestModal({ guest, onClose }: GuestActionProps) {
  const answered = useGuestAnswer();
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const erase = useMutation({
    mutationFn: () => eraseGuest(guest.id, reason.trim()),
    onSuccess: async (answer) => {
      await answered(answer);
      notifySuccess('Guest erased');
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setRefused(error.message);
      else showFieldErrors(error, setErrors);
    },
  });
  return (
    <ActionForm
      title={`Erase ${guestName(guest)}`}
      onClose={onClose}
      submitLabel="Erase guest"
      danger
      busy={erase.isPending}
      onSubmit={() => {
        setErrors({});
        setRefused(null);
        if (!reason.trim()) setErrors({ reason: 'Say why the guest is erased' });
        else erase.mutate();
      }}
    >
      <Text size="sm">
        Their names, email, phone, notes and signature images are removed from this guest and from every booking and signature of theirs.
        The money and the counts are kept, under “Erased guest”. This cannot be undone.
      </Text>
      <ReasonInput
        description="Kept in the guest's log: the person asked, say"
        value={reason}
        onChange={setReason}
        error={errors.reason}
        required
        data-autofocus
      />
      {refused ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Not erased" data-testid="erase-refused">
          {refused}
        </Alert>
      ) : null}
    </ActionForm>
  );
}
