import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Button, Table, Text, Tooltip } from '@mantine/core';
import { IconMail, IconRefresh } from '@tabler/icons-react';
import type { VenueMail } from '@lanebook/core/api-schemas';
import { formatVenueClock } from '@lanebook/core/format';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { QueryTable } from '../../components/QueryTable';
import { useCurrentVenue } from '../../lib/current-venue';
import { notifyError, notifySuccess } from '../../lib/notify';
import { venueKey } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { listMailsQuery } from './api/list-mails';
import { resendMail } from './api/resend-mail';

const PAGE_SIZE = 50;

const TYPE_LABELS: Record<string, string> = {
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  cancellation: 'Cancellation',
  abandoned: 'Abandoned booking',
  custom: 'Custom',
  receipt: 'Refund receipt',
  test: 'Test',
};

const STATE_LABELS: Record<VenueMail['state'], { label: string; color: string; hint?: string }> = {
  queued: { label: 'Queued', color: 'blue' },
  stored: { label: 'In the outbox', color: 'gray', hint: 'Kept in the outbox only: this server has no mail server configured' },
  sending: { label: 'Sending', color: 'blue' },
  deferred: { label: 'Retrying', color: 'yellow', hint: 'The mail server asked to try later: it is tried again' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red', hint: 'The mail server refused it' },
};

/** Settings → Mail: every mail the venue sent its customers (and its test sends), with Resend. */
export default function MailLogPage() {
  const { venueId } = useSession();
  const venue = useCurrentVenue().data;
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const mailsQuery = useQuery(listMailsQuery(venueId, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }));
  const resend = useMutation({
    mutationFn: resendMail,
    onSuccess: async (mail) => {
      notifySuccess(`Sent again to ${mail.to.join(', ')}.`);
      await queryClient.invalidateQueries({ queryKey: venueKey(venueId, 'mails') });
    },
    onError: notifyError,
  });
  // Times in the venue's zone and formats, as everything else of the venue.
  const when = (iso: string) => (venue ? formatVenueClock(new Date(iso), venue) : new Date(iso).toLocaleString());

  return (
    <>
      <PageHeader
        title="Mail"
        description="Every mail sent to your customers, newest first: confirmations, reminders, cancellations, receipts and your test mails."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={mailsQuery.isFetching && !mailsQuery.isPending}
            onClick={() => mailsQuery.refetch()}
          >
            Refresh
          </Button>
        }
      />
      <QueryTable
        query={mailsQuery}
        label="Mail log"
        columns={['Date', 'Type', 'To', 'Subject', 'State', '']}
        minWidth={820}
        empty={
          page === 1
            ? {
                icon: <IconMail size={28} />,
                title: 'No mail yet',
                description: 'Mail to your customers appears here once they book. Try "Send me a test" on a mailing template.',
                testId: 'mails-empty',
              }
            : null
        }
        below={(data) => <Pager pageSize={PAGE_SIZE} page={page} total={data.total} onChange={setPage} noun="mails" />}
        renderRow={(mail) => {
          const state = STATE_LABELS[mail.state];
          const badge = (
            <Badge color={state.color} variant="light">
              {state.label}
            </Badge>
          );
          return (
            <Table.Tr data-testid="mail-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(mail.sentAt ?? mail.createdAt)}</Table.Td>
              <Table.Td>{TYPE_LABELS[mail.type] ?? mail.type}</Table.Td>
              <Table.Td>{mail.to.join(', ')}</Table.Td>
              <Table.Td>
                {mail.bookingId ? (
                  <Anchor component={Link} to={`/bookings/${encodeURIComponent(mail.bookingId)}/view`}>
                    {mail.subject}
                  </Anchor>
                ) : (
                  <Text span>{mail.subject}</Text>
                )}
              </Table.Td>
              <Table.Td>{state.hint ? <Tooltip label={state.hint}>{badge}</Tooltip> : badge}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  disabled={!['stored', 'sent', 'failed'].includes(mail.state)}
                  loading={resend.isPending && resend.variables === mail.id}
                  onClick={() => resend.mutate(mail.id)}
                  aria-label={`Resend "${mail.subject}" to ${mail.to.join(', ')}`}
                >
                  Resend
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
    </>
  );
}
