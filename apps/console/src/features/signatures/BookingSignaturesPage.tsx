import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, CopyButton, Group, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCopy, IconSignature } from '@tabler/icons-react';
import { signingPathOf } from '@lanebook/core/waiver-schemas';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { bookingQuery } from './api/get-booking';
import { bookingSignaturesQuery } from './api/list-booking-signatures';
import { signedCountLabel, useSignatureFormat } from './format';
import { MinorBadge } from './MinorBadge';

/** /bookings/{id}/signatures: who has signed for a booking, Sign waiver, and the link to share with the other players. */
export default function BookingSignaturesPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const format = useSignatureFormat();
  const booking = useQuery(bookingQuery(session.venueId, id));
  const signatures = useQuery(bookingSignaturesQuery(session.venueId, id));
  // The friends' sign-only link (decision 023): it signs and opens nothing else; the reference stays the booker's.
  const token = booking.data?.signingToken;
  const publicUrl = token ? `${window.location.origin}${signingPathOf(token)}` : '';
  const players = booking.data?.playersCount;

  const signButton = session.can('signatures.create') ? (
    <Button component={Link} to={`/bookings/${id}/signatures/sign`} leftSection={<IconSignature size={16} />}>
      Sign waiver
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Signed waivers"
        description={
          <Anchor component={Link} to={`/bookings/${id}/view`} size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size={14} />
              Back to the booking
            </Group>
          </Anchor>
        }
        actions={signButton}
      />

      {publicUrl ? (
        <Paper withBorder radius="md" p="md" mb="lg">
          <Stack gap="xs">
            <Title order={2} size="h5">
              Friend joining you? Have them sign as well
            </Title>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label="Signing link"
                value={publicUrl}
                readOnly
                style={{ flex: 1 }}
                onFocus={(event) => event.currentTarget.select()}
                data-testid="public-sign-url"
              />
              <CopyButton value={publicUrl} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy the link'} withArrow>
                    <Button
                      variant={copied ? 'light' : 'default'}
                      color={copied ? 'teal' : undefined}
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      onClick={copy}
                    >
                      {copied ? 'Copied' : 'Copy URL'}
                    </Button>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      <QueryTable
        query={signatures}
        label="Signed waivers"
        columns={['Name', 'Email', 'Signed at', { label: 'Minor', visuallyHidden: true }]}
        minWidth={640}
        empty={{
          icon: <IconSignature size={28} />,
          title: 'No one has signed yet',
          description:
            players !== undefined
              ? `${signedCountLabel(0, players)}. Sign at the desk, or share the link above.`
              : 'Sign at the desk, or share the link.',
          action: signButton,
          testId: 'booking-signatures-empty',
        }}
        above={(data) => (
          <Text size="sm" c="dimmed" data-testid="booking-signed-count">
            {players !== undefined ? signedCountLabel(data.total, players) : `${data.total} signed`}
          </Text>
        )}
        renderRow={(signature) => {
          const to = `/bookings/${id}/signatures/${signature.id}`;
          return (
            <Table.Tr data-testid="signature-row" style={{ cursor: 'pointer' }} onClick={() => navigate(to)}>
              <Table.Td>
                <Anchor component={Link} to={to} fw={500} onClick={(event) => event.stopPropagation()}>
                  {signature.fullName || `${signature.firstName} ${signature.lastName}`}
                </Anchor>
              </Table.Td>
              <Table.Td>{signature.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(signature.createdAt)}</Table.Td>
              <Table.Td>{signature.isMinor ? <MinorBadge /> : null}</Table.Td>
            </Table.Tr>
          );
        }}
      />
    </>
  );
}
