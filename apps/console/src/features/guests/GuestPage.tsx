import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconEraser, IconGitMerge, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { bookingStatusLabel } from '@lanebook/core/bookings';
import { GUEST_FLAG_LABELS, GUEST_FLAG_TYPES, type GuestDetail, type GuestFlagType, type GuestUpdate } from '@lanebook/core/guest-schemas';
import { presenceLabel } from '@lanebook/core/presence';
import { confirmAction } from '../../components/dialogs';
import { Fact } from '../../components/Fact';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { SwitchField, TextareaField, TextField } from '../../components/fields/form-fields';
import { FormReadOnlyContext } from '../../components/fields/read-only';
import { GuestFlagBadge, GuestFlags } from '../../components/guests/GuestFlags';
import { guestName } from '../../components/guests/GuestSummary';
import { showSaveError } from '../../lib/forms';
import { guestQuery, guestsKey } from '../../lib/guests';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';
import { exportGuest } from './api/export-guest';
import { updateGuest } from './api/update-guest';
import { EraseGuestModal, MergeGuestModal } from './GuestActionModals';

type GuestAction = 'merge' | 'erase';

/** A saved guest's answer kept as the page's data, and the lists of guests refreshed. */
function useSaveGuest(guest: GuestDetail) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: GuestUpdate) => updateGuest(guest.id, patch),
    onSuccess: async (saved) => {
      queryClient.setQueryData(guestQuery(session.venueId, saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: guestsKey(session.venueId) });
    },
  });
}

/** /guests/:id: one guest, their flags, history, waiver on file, bookings, signatures and log, and what the desk may do. */
export default function GuestPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const format = useVenueFormat();
  const guest = useQuery(guestQuery(session.venueId, id));
  const [action, setAction] = useState<GuestAction | null>(null);
  const exportData = useMutation({ mutationFn: () => exportGuest(id), onError: notifyError });

  if (guest.isPending) return <FullPageLoader />;
  if (guest.isError) return <LoadError error={guest.error} onRetry={() => guest.refetch()} />;
  const g = guest.data;
  const erased = g.erasedAt !== null;
  const close = () => setAction(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button component={Link} to="/guests" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            Guests
          </Button>
          <Title order={1} size="h2" data-testid="guest-name">
            {guestName(g)}
          </Title>
          {erased ? (
            <Badge color="gray" variant="light">
              Erased
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          {session.can('guests.edit') && !erased ? (
            <Button variant="default" leftSection={<IconGitMerge size={16} />} onClick={() => setAction('merge')}>
              Merge
            </Button>
          ) : null}
          {session.can('guests.export') ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => exportData.mutate()}
              loading={exportData.isPending}
            >
              Export data
            </Button>
          ) : null}
          {session.can('guests.erase') && !erased ? (
            <Button color="red" variant="light" leftSection={<IconEraser size={16} />} onClick={() => setAction('erase')}>
              Erase
            </Button>
          ) : null}
        </Group>
      </Group>

      {erased ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="guest-erased">
          Erased on {format.dateTime(g.erasedAt!)}: the person’s names, email, phone, notes and signature images were removed. The money and
          the counts are kept.
        </Alert>
      ) : null}
      <GuestFlags flags={g.flags} />

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DetailsCard key={`${g.id}-${g.firstName}-${g.lastName}-${g.notes}-${g.marketingConsent}`} guest={g} />
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            History
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Bookings">{g.bookingsCount}</Fact>
            <Fact label="Visits">{g.visitsCount}</Fact>
            <Fact label="No-shows">{g.noShowCount}</Fact>
            <Fact label="Total spent">
              <span data-testid="guest-total-spent">{format.money(g.totalSpent)}</span>
            </Fact>
            <Fact label="First visit">{g.firstVisitAt ? format.date(g.firstVisitAt) : 'None yet'}</Fact>
            <Fact label="Last visit">{g.lastVisitAt ? format.date(g.lastVisitAt) : 'None yet'}</Fact>
            <Fact label="Guest since">{format.date(g.createdAt)}</Fact>
            <Fact label="Waiver">
              <span data-testid="guest-waiver">
                {g.waiverOnFile ? `On file until ${format.date(g.waiverOnFile.validUntil)}` : 'None on file'}
              </span>
            </Fact>
          </SimpleGrid>
        </Card>
      </SimpleGrid>

      <FlagsCard guest={g} />

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Bookings
        </Title>
        {g.bookings.length ? (
          <Table.ScrollContainer minWidth={820} type="native">
            <Table aria-label="Bookings of the guest" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date of event</Table.Th>
                  <Table.Th>Reg. code</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Presence</Table.Th>
                  <Table.Th ta="right">Players</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Paid</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {g.bookings.map((booking) => (
                  <Table.Tr key={booking.id} data-testid="guest-booking-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(booking.startsAt)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/bookings/${encodeURIComponent(booking.id)}/view`}
                        size="sm"
                        data-testid="guest-booking-link"
                      >
                        {booking.registrationCode ?? 'Open booking'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{booking.productName}</Table.Td>
                    <Table.Td>{bookingStatusLabel(booking.status)}</Table.Td>
                    <Table.Td>{presenceLabel(booking)}</Table.Td>
                    <Table.Td ta="right">{booking.playersCount}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {format.money(booking.total)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {format.money(booking.paidTotal - booking.refundedTotal)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            No bookings.
          </Text>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Signatures
          </Title>
          {g.signatures.length ? (
            <Table aria-label="Signatures of the guest" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Signed</Table.Th>
                  <Table.Th>Signer</Table.Th>
                  <Table.Th>Waiver</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {g.signatures.map((signature) => (
                  <Table.Tr key={signature.id} data-testid="guest-signature-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(signature.createdAt)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/signatures/${encodeURIComponent(signature.id)}`} size="sm">
                        {[signature.firstName, signature.lastName].filter(Boolean).join(' ') || 'No name'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{signature.waiverTitle}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              No signatures.
            </Text>
          )}
        </Card>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Guest log
          </Title>
          {g.log.length ? (
            <Table aria-label="Guest log" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {g.log.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="guest-log-row" data-type={entry.type}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.detail}</Table.Td>
                    <Table.Td>{entry.userName || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              Nothing in the log.
            </Text>
          )}
        </Card>
      </SimpleGrid>

      {action === 'merge' ? <MergeGuestModal guest={g} onClose={close} /> : null}
      {action === 'erase' ? <EraseGuestModal guest={g} onClose={close} /> : null}
    </Stack>
  );
}

interface DetailsValues {
  firstName: string;
  lastName: string;
  notes: string;
  marketingConsent: boolean;
}

const detailsOf = (guest: GuestDetail): DetailsValues => ({
  firstName: guest.firstName,
  lastName: guest.lastName,
  notes: guest.notes,
  marketingConsent: guest.marketingConsent,
});

/** Names, notes and the marketing answer (guests.edit); email and phone are how the guest is found, so they show and do not change here. */
function DetailsCard({ guest }: { guest: GuestDetail }) {
  const session = useSession();
  const format = useVenueFormat();
  const editable = session.can('guests.edit') && guest.erasedAt === null;
  const form = useForm<DetailsValues>({ defaultValues: detailsOf(guest) });
  const save = useSaveGuest(guest);
  const consentAt = guest.marketingConsentAt;
  const consentWhen = consentAt
    ? `${guest.marketingConsent ? 'Agreed' : 'Declined'} on ${format.dateTime(consentAt)}`
    : 'Never asked: the guest has not answered the marketing question';
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Details
      </Title>
      <FormReadOnlyContext.Provider value={!editable}>
        <form
          noValidate
          aria-label="Guest details"
          onSubmit={form.handleSubmit((values) => {
            const saved = detailsOf(guest);
            const patch = Object.fromEntries(
              (Object.keys(values) as (keyof DetailsValues)[]).filter((key) => values[key] !== saved[key]).map((key) => [key, values[key]]),
            ) as GuestUpdate;
            if (Object.keys(patch).length === 0) {
              notifySuccess('Nothing to save: no changes');
              return;
            }
            save.mutate(patch, {
              onSuccess: () => notifySuccess('Guest saved'),
              onError: (error) => showSaveError(form, error),
            });
          })}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField control={form.control} name="firstName" label="First name" maxLength={80} />
              <TextField control={form.control} name="lastName" label="Last name" maxLength={80} />
              <TextInput label="Email" value={guest.email || 'Not given'} readOnly variant="filled" />
              <TextInput
                label="Phone"
                value={guest.phone ? format.phone(guest.phone) : 'Not given'}
                readOnly
                variant="filled"
                data-testid="guest-phone"
              />
            </SimpleGrid>
            <TextareaField
              control={form.control}
              name="notes"
              label="Notes"
              description="For the staff only: the guest never sees them"
              autosize
              minRows={2}
              maxLength={2000}
            />
            <SwitchField control={form.control} name="marketingConsent" label="Agrees to marketing mail" description={consentWhen} />
            {editable ? (
              <Group justify="flex-end">
                <Button variant="default" disabled={!form.formState.isDirty || save.isPending} onClick={() => form.reset(detailsOf(guest))}>
                  Discard changes
                </Button>
                <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
                  Save changes
                </Button>
              </Group>
            ) : null}
          </Stack>
        </form>
      </FormReadOnlyContext.Provider>
    </Card>
  );
}

/** The guest's flags, each removable, and a flag to add (guests.edit); every change saves the whole list. */
function FlagsCard({ guest }: { guest: GuestDetail }) {
  const session = useSession();
  const editable = session.can('guests.edit') && guest.erasedAt === null;
  const save = useSaveGuest(guest);
  const [type, setType] = useState<GuestFlagType | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const kept = guest.flags.map(({ type, note }) => ({ type, note }));
  const free = GUEST_FLAG_TYPES.filter((candidate) => !guest.flags.some((flag) => flag.type === candidate));
  const saveFlags = (flags: { type: GuestFlagType; note: string }[], done: string, after?: () => void) =>
    save.mutate(
      { flags },
      {
        onSuccess: () => {
          notifySuccess(done);
          after?.();
        },
        onError: (error) => {
          notifyError(error);
        },
      },
    );
  const remove = async (flagType: GuestFlagType) => {
    const confirmed = await confirmAction({
      title: 'Remove flag',
      message: `Remove the ${GUEST_FLAG_LABELS[flagType]} flag of ${guestName(guest)}?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (confirmed)
      saveFlags(
        kept.filter((flag) => flag.type !== flagType),
        `${GUEST_FLAG_LABELS[flagType]} flag removed`,
      );
  };
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Flags
      </Title>
      <Stack gap="sm">
        {guest.flags.length ? (
          <Table aria-label="Flags" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Flag</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>Set</Table.Th>
                {editable ? (
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {guest.flags.map((flag) => (
                <Table.Tr key={flag.type} data-testid="flag-row" data-type={flag.type}>
                  <Table.Td>
                    <GuestFlagBadge type={flag.type} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{flag.note || '—'}</Table.Td>
                  <Table.Td>
                    <FlagSet createdAt={flag.createdAt} createdBy={flag.createdBy} />
                  </Table.Td>
                  {editable ? (
                    <Table.Td ta="right">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${GUEST_FLAG_LABELS[flag.type]} flag`}
                        onClick={() => void remove(flag.type)}
                        loading={save.isPending}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            No flags.
          </Text>
        )}
        {editable && free.length ? (
          <form
            noValidate
            aria-label="Add a flag"
            onSubmit={(event) => {
              event.preventDefault();
              setErrors({});
              if (!type) {
                setErrors({ type: 'Choose the flag' });
                return;
              }
              saveFlags([...kept, { type, note: note.trim() }], `${GUEST_FLAG_LABELS[type]} flag added`, () => {
                setType(null);
                setNote('');
              });
            }}
          >
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label="Flag"
                placeholder="Choose"
                data={free.map((value) => ({ value, label: GUEST_FLAG_LABELS[value] }))}
                value={type}
                onChange={(value) => setType(value as GuestFlagType | null)}
                error={errors.type}
                w={{ base: '100%', xs: 170 }}
              />
              <TextInput
                label="Note"
                placeholder="What the desk should know"
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                maxLength={500}
                style={{ flex: 1 }}
                miw={220}
              />
              <Button type="submit" variant="default" leftSection={<IconPlus size={16} />} loading={save.isPending}>
                Add flag
              </Button>
            </Group>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}

/** When a flag was set and by whom. */
function FlagSet({ createdAt, createdBy }: { createdAt: string; createdBy: string }) {
  const format = useVenueFormat();
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {format.date(createdAt)}
      {createdBy ? ` · ${createdBy}` : ''}
    </Text>
  );
}
