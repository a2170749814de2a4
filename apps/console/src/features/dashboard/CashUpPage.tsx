import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useSession } from '../../lib/session';
import { notifyError } from '../../lib/notify';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { PrintToolbar } from '../../components/print/PrintToolbar';
import { cashUpQuery, exportCashUpCsv } from './api/get-cash-up';
import { useDashboardFormat, type DashboardFormat } from './format';
import { useDashboardPeriod } from './period';
import { PeriodControls } from './PeriodControls';

type Row = { key: string; name: string; payments: number; refunds: number; net: number };

/**
 * /dashboard/cash-up: the money taken in a period by when it was taken (not the bookings' dates),
 * by method and by who took it, with the cash the drawer should hold. Printable and as CSV.
 */
export default function CashUpPage() {
  const session = useSession();
  const format = useDashboardFormat();
  const period = useDashboardPeriod();
  const cashUp = useQuery(cashUpQuery(session.venueId, period.params));
  const data = cashUp.data;
  const exportCsv = useMutation({ mutationFn: () => exportCashUpCsv(period.params!, data!), onError: notifyError });

  return (
    <>
      <PrintToolbar
        back={
          <Anchor component={Link} to={`/dashboard${period.search}`} size="sm" data-testid="back-to-dashboard">
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size={14} />
              Dashboard
            </Group>
          </Anchor>
        }
        onDownload={() => exportCsv.mutate()}
        downloading={exportCsv.isPending}
        downloadLabel="Download CSV"
      />
      <PageHeader
        title="Cash-up"
        description={
          data ? (
            <span data-testid="cash-up-period">
              {session.me?.venue?.name}: money taken {format.day(data.from)}
              {data.to !== data.from ? ` – ${format.day(data.to)}` : ''}, by when it was taken
            </span>
          ) : (
            'The payments and refunds taken in a period, by when they were taken.'
          )
        }
      />
      <div data-print-hidden>
        <PeriodControls period={period} shown={data} periodOnly />
      </div>
      {cashUp.isError ? (
        <LoadError error={cashUp.error} onRetry={() => cashUp.refetch()} />
      ) : !period.params ? null : !data ? (
        <FullPageLoader />
      ) : (
        <Stack gap="md" data-printed style={{ opacity: cashUp.isPlaceholderData ? 0.6 : 1 }}>
          <Paper withBorder radius="md" p="md" data-testid="expected-cash">
            <Text size="sm" c="dimmed" fw={600}>
              Expected cash in the drawer
            </Text>
            <Text fz={28} fw={700} data-testid="expected-cash-figure">
              {format.money(data.expectedCash)}
            </Text>
            <Text size="xs" c="dimmed">
              Cash taken less cash given back, beyond the drawer&apos;s float.
            </Text>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TakenTable
              title="By payment method"
              testId="cash-up-by-method"
              rows={data.byMethod.map((row) => ({ key: row.method, name: row.method, ...row }))}
              format={format}
            />
            <TakenTable
              title="By staff member"
              testId="cash-up-by-staff"
              rows={data.byStaff.map((row) => ({ key: row.userId ?? `name:${row.name}`, ...row }))}
              format={format}
            />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}

/** Payments, refunds and net of each row, with their totals. */
function TakenTable({ title, testId, rows, format }: { title: string; testId: string; rows: Row[]; format: DashboardFormat }) {
  const total = rows.reduce(
    (sum, row) => ({ payments: sum.payments + row.payments, refunds: sum.refunds + row.refunds, net: sum.net + row.net }),
    {
      payments: 0,
      refunds: 0,
      net: 0,
    },
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          No money was taken or given back in this period.
        </Text>
      ) : (
        <Table data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">Payments</Table.Th>
              <Table.Th ta="right">Refunds</Table.Th>
              <Table.Th ta="right">Net</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} data-testid="cash-up-row">
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{format.money(row.payments)}</Table.Td>
                <Table.Td ta="right">{format.money(row.refunds)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {format.money(row.net)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right">{format.money(total.payments)}</Table.Th>
              <Table.Th ta="right">{format.money(total.refunds)}</Table.Th>
              <Table.Th ta="right" data-testid={`${testId}-net`}>
                {format.money(total.net)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Paper>
  );
}
