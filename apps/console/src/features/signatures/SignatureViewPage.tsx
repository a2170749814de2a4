import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Box, Button, Checkbox, Divider, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import type { Signature } from '@lanebook/core/waiver-schemas';
import { useSession } from '../../lib/session';
import { useApiImage } from '../../lib/api-image';
import { notifyError, notifySuccess } from '../../lib/notify';
import { venueKey } from '../../lib/query-keys';
import { confirmAction } from '../../components/dialogs';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { RichText } from '../../components/RichText';
import { signatureQuery } from './api/get-signature';
import { deleteSignature } from './api/delete-signature';
import { downloadSignaturePdf } from './api/download-signature-pdf';
import { signaturesKey } from './api/keys';
import { useSignatureFormat } from './format';
import { MinorBadge } from './MinorBadge';
import { PrintToolbar } from '../../components/print/PrintToolbar';

/** An image the API serves (a path of ours): anything else is not shown. */
/** The answers in the waiver's own order (the stored map keeps no order), then any label the waiver no longer lists. */
function signedFieldsInOrder(s: Signature): [string, Signature['fields'][string]][] {
  const ordered = [...s.waiver.fields].sort((a, b) => a.sortWeight - b.sortWeight).map((field) => field.label);
  const labels = [...ordered.filter((label) => label in s.fields), ...Object.keys(s.fields).filter((label) => !ordered.includes(label))];
  return labels.map((label) => [label, s.fields[label]]);
}

const valueText = (value: Signature['fields'][string] | undefined) => {
  if (value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
};

/** /signatures/{id} and /bookings/{id}/signatures/{signatureId}: the waiver exactly as it was signed. */
export default function SignatureViewPage() {
  const params = useParams();
  const bookingId = params.signatureId ? params.id : undefined;
  const signatureId = params.signatureId ?? params.id ?? '';
  const backTo = bookingId ? `/bookings/${bookingId}/signatures` : '/signatures';
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useSignatureFormat();
  const signature = useQuery(signatureQuery(session.venueId, signatureId));
  const signatureImage = useApiImage(signature.data?.signatureUrl ?? null);
  const guardianImage = useApiImage(signature.data?.guardianSignatureUrl ?? null);

  const download = useMutation({ mutationFn: () => downloadSignaturePdf(signatureId), onError: notifyError });
  const remove = useMutation({
    mutationFn: () => deleteSignature(signatureId),
    onSuccess: async () => {
      notifySuccess('Signature deleted');
      queryClient.removeQueries({ queryKey: [...signaturesKey(session.venueId), 'one', signatureId] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: signaturesKey(session.venueId) }),
        queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'bookings') }),
      ]);
      await navigate(backTo);
    },
    onError: notifyError,
  });

  const back = (
    <Button component={Link} to={backTo} variant="subtle" leftSection={<IconArrowLeft size={16} />} data-print-hidden>
      {bookingId ? 'Signed waivers' : 'Signatures'}
    </Button>
  );
  if (signature.isPending) return <FullPageLoader />;
  if (signature.isError)
    return (
      <>
        {back}
        <LoadError error={signature.error} onRetry={() => signature.refetch()} />
      </>
    );
  const s = signature.data;
  const { waiver } = s;
  const name = s.fullName || `${s.firstName} ${s.lastName}`;

  const confirmDelete = async () => {
    const confirmed = await confirmAction({
      title: 'Delete signature',
      message: `Delete the signature of ${name}? This cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) remove.mutate();
  };

  return (
    <Stack gap="md">
      <PrintToolbar back={back} onDownload={() => download.mutate()} downloading={download.isPending}>
        {session.can('signatures.delete') ? (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={confirmDelete} loading={remove.isPending}>
            Delete Signature
          </Button>
        ) : null}
      </PrintToolbar>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-printed data-testid="signed-waiver">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={2}>
              <Title order={1} size="h2" data-testid="signed-waiver-title">
                {waiver.title}
              </Title>
              <Group gap="xs">
                <Text fw={500} data-testid="signer-name">
                  {name}
                </Text>
                {s.isMinor ? <MinorBadge /> : null}
              </Group>
              <Text size="sm" c="dimmed">
                {s.email}
                {s.bookingReference ? ` · Booking ${s.bookingReference}` : s.isWalkIn ? ' · Walk-in' : ''}
              </Text>
            </Stack>
            <Text size="sm" c="dimmed" data-testid="signed-at">
              Signed {format.dateTime(s.createdAt)}
            </Text>
          </Group>

          {waiver.intro ? <Text style={{ whiteSpace: 'pre-wrap' }}>{waiver.intro}</Text> : null}
          <RichText html={waiver.text} data-testid="signed-waiver-text" />

          <Divider label="Details" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="signed-fields">
            {signedFieldsInOrder(s).map(([label, value]) => (
              <Box key={label}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {label}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {valueText(value)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>

          {s.checkboxes.length ? (
            <Stack gap="xs" data-testid="signed-checkboxes">
              {s.checkboxes.map((checkbox, index) => (
                <Checkbox
                  key={index}
                  readOnly
                  checked={checkbox.value}
                  label={`${checkbox.text} (${checkbox.value ? 'checked' : 'not checked'})`}
                  styles={{ label: { whiteSpace: 'pre-wrap' } }}
                />
              ))}
            </Stack>
          ) : null}

          <Divider label="Signature" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {name}
              </Text>
              {signatureImage ? (
                <Image src={signatureImage} alt={`Signature of ${name}`} maw={420} fit="contain" bd="1px solid gray.3" radius="sm" />
              ) : null}
            </Stack>
            {s.isMinor ? (
              <Stack gap={4} data-testid="guardian">
                <Text size="sm" fw={500}>
                  Parent or guardian: {s.guardianName ?? '—'}
                </Text>
                {guardianImage ? (
                  <Image
                    src={guardianImage}
                    alt={`Signature of the guardian ${s.guardianName ?? ''}`.trim()}
                    maw={420}
                    fit="contain"
                    bd="1px solid gray.3"
                    radius="sm"
                  />
                ) : null}
              </Stack>
            ) : null}
          </SimpleGrid>
          {bookingId ? null : s.bookingId ? (
            <Anchor component={Link} to={`/bookings/${s.bookingId}/view`} size="sm" data-print-hidden>
              Open the booking
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
