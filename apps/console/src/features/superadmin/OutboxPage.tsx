import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Box, Button, DataList, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconMail, IconRefresh } from '@tabler/icons-react';
import type { OutboxMail } from '@lanebook/core/api-schemas';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { PAGE_SIZE } from './api/keys';
import { listOutboxQuery } from './api/list-outbox';
import { BackToSuperadmin } from './BackToSuperadmin';
import { Linkified } from './Linkified';
import { Pager } from '../../components/Pager';

const STATUS_LABELS: Record<OutboxMail['status'], string> = {
  queued: 'Queued',
  stored: 'Stored',
  sending: 'Sending',
  deferred: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUS_COLORS: Record<OutboxMail['status'], string> = {
  queued: 'blue',
  stored: 'gray',
  sending: 'blue',
  deferred: 'yellow',
  sent: 'green',
  failed: 'red',
};

function StatusBadge({ mail }: { mail: OutboxMail }) {
  const badge = (
    <Badge color={STATUS_COLORS[mail.status]} variant="light">
      {STATUS_LABELS[mail.status]}
    </Badge>
  );
  if (mail.status === 'failed' && mail.error)
    return (
      <Tooltip label={mail.error} multiline maw={320}>
        {badge}
      </Tooltip>
    );
  if (mail.status === 'stored') return <Tooltip label="Kept in the outbox only: no mail server is configured">{badge}</Tooltip>;
  return badge;
}

const localTime = (iso: string) => new Date(iso).toLocaleString();

export default function OutboxPage() {
  const [page, setPage] = useState(1);
  const [openMail, setOpenMail] = useState<OutboxMail | null>(null);
  // Kept apart from the mail so the title does not vanish while the modal animates out.
  const [opened, setOpened] = useState(false);
  const show = (mail: OutboxMail) => {
    setOpenMail(mail);
    setOpened(true);
  };
  const query = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };

  const outboxQuery = useQuery({
    ...listOutboxQuery(query),
  });

  return (
    <>
      <PageHeader
        title="Mail outbox"
        description={<BackToSuperadmin />}
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={outboxQuery.isFetching && !outboxQuery.isPending}
            onClick={() => outboxQuery.refetch()}
          >
            Refresh
          </Button>
        }
      />
      <Text size="sm" c="dimmed" mb="md">
        Every mail the platform sends, newest first. Open one to read it and follow Lanebook's own links in it.
      </Text>

      <QueryTable
        query={outboxQuery}
        label="Mail outbox"
        columns={['Date', 'To', 'Subject', 'Status']}
        minWidth={760}
        // Past the first page an empty page keeps the pager, to page back.
        empty={
          page === 1
            ? {
                icon: <IconMail size={28} />,
                title: 'No mail yet',
                description: 'Invitations and password resets appear here.',
                testId: 'outbox-empty',
              }
            : null
        }
        below={(data) => <Pager pageSize={PAGE_SIZE} page={page} total={data.total} onChange={setPage} noun="mails" />}
        renderRow={(mail) => (
          <Table.Tr data-testid="outbox-row" style={{ cursor: 'pointer' }} onClick={() => show(mail)}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{localTime(mail.createdAt)}</Table.Td>
            <Table.Td>{mail.to.join(', ')}</Table.Td>
            <Table.Td>
              {/* A button as well as a row click, so the keyboard can open it. */}
              <Anchor
                component="button"
                type="button"
                ta="left"
                onClick={(event) => {
                  event.stopPropagation();
                  show(mail);
                }}
              >
                {mail.subject}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge mail={mail} />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <Modal opened={opened} onClose={() => setOpened(false)} title={openMail?.subject} size="lg" centered>
        {openMail ? (
          <Stack gap="md">
            <DataList size="sm" labelWidth={80}>
              <DataList.Item>
                <DataList.ItemLabel>To</DataList.ItemLabel>
                <DataList.ItemValue>{openMail.to.join(', ')}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Date</DataList.ItemLabel>
                <DataList.ItemValue>{localTime(openMail.createdAt)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Status</DataList.ItemLabel>
                <DataList.ItemValue>
                  {STATUS_LABELS[openMail.status]}
                  {openMail.error ? ` — ${openMail.error}` : ''}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList>
            <Box
              component="pre"
              data-testid="mail-text"
              p="sm"
              bg="gray.0"
              m={0}
              style={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                fontFamily: 'inherit',
                fontSize: 'var(--mantine-font-size-sm)',
                borderRadius: 8,
              }}
            >
              <Linkified text={openMail.text} origin={window.location.origin} />
            </Box>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
