import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconPlus, IconReportMoney } from '@tabler/icons-react';
import { balancePath, type BankAccount } from '@lanebook/core/payment-schemas';
import { COUNTRIES } from '@lanebook/core/venue';
import { useSession } from '../../lib/session';
import { usePaymentsInfo } from '../../lib/payments-info';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmAction } from '../../components/dialogs';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { LoadError } from '../../components/LoadError';
import { bankAccountsQuery } from './api/list-bank-accounts';
import { deleteBankAccount } from './api/delete-bank-account';
import { makeDefaultBankAccount } from './api/make-default-bank-account';
import { paymentsKey } from './api/keys';
import { PaymentStatusBadge, PROVIDER_LABELS } from './labels';
import { useVerifyPaymentAccount } from './use-verify';

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** The venue's standing with its payment provider, and Verify while card payments are off. */
function PaymentAccountCard() {
  const session = useSession();
  const info = usePaymentsInfo();
  const verify = useVerifyPaymentAccount();
  if (info.isPending) return null;
  if (info.isError) return <LoadError error={info.error} onRetry={() => info.refetch()} />;
  const { provider, status, testMode, isPaymentsEnabled } = info.data;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-label="Payment account">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Group gap="xs">
            <Title order={2} size="h4">
              Payment account
            </Title>
            <PaymentStatusBadge status={status} />
            {testMode ? (
              <Badge color="orange" variant="outline">
                Test mode
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {isPaymentsEnabled
              ? `${PROVIDER_LABELS[provider]} takes the venue's card payments and pays them out to the default account of their currency.`
              : `Card payments start once ${PROVIDER_LABELS[provider]} has verified the venue.`}
          </Text>
        </div>
        {!isPaymentsEnabled && session.can('bankAccounts.create') ? (
          <Button onClick={verify.start} loading={verify.loading} disabled={!verify.ready}>
            Verify
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

export default function BankAccountsPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const info = usePaymentsInfo();
  const accounts = useQuery({
    ...bankAccountsQuery(session.venueId),
    // The list is whole (no paging): the table counts it.
    select: (data) => ({ items: data.items, total: data.items.length }),
  });
  const canCreate = session.can('bankAccounts.create');
  const canSetDefault = session.can('bankAccounts.setDefault');
  const canDelete = session.can('bankAccounts.delete');

  const afterChange = () => queryClient.invalidateQueries({ queryKey: paymentsKey(session.venueId) });
  const makeDefault = useMutation({
    mutationFn: (account: BankAccount) => makeDefaultBankAccount(account.id),
    onSuccess: async (updated) => {
      notifySuccess(`${updated.accountNumber} is now the default ${updated.currency.toUpperCase()} account`);
      await afterChange();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (account: BankAccount) => deleteBankAccount(account.id),
    onSuccess: async (_, account) => {
      notifySuccess(`Bank account ${account.accountNumber} deleted`);
      await afterChange();
    },
    // 409: the default account of its currency cannot go; the message says so.
    onError: notifyError,
  });
  const confirmDelete = async (account: BankAccount) => {
    const confirmed = await confirmAction({
      title: 'Delete bank account',
      message: `Delete the account ${account.accountNumber} of ${account.accountHolderName}? Payouts no longer go to it.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) remove.mutate(account);
  };

  const addButton = canCreate ? (
    <Button component={Link} to="/settings/bank-accounts/create" leftSection={<IconPlus size={16} />}>
      Add bank account
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Bank accounts"
        description={
          <>
            Where the venue&apos;s online payments are paid out.{' '}
            {info.data ? (
              <Anchor component={Link} to={balancePath(info.data.provider)} data-testid="balance-link">
                <IconReportMoney size={14} style={{ verticalAlign: -2 }} /> Balance and payouts
              </Anchor>
            ) : null}
          </>
        }
        actions={addButton}
      />

      <PaymentAccountCard />

      <QueryTable
        query={accounts}
        label="Bank accounts"
        columns={[
          'Account holder',
          'Country',
          'Account',
          'Routing number',
          'Currency',
          { label: 'Default', visuallyHidden: true },
          { label: 'Actions', visuallyHidden: true, align: 'right' },
        ]}
        minWidth={820}
        empty={{
          icon: <IconBuildingBank size={28} />,
          title: 'No bank accounts yet',
          description: 'Add the account where the venue wants its card payments paid out.',
          action: addButton,
          testId: 'bank-accounts-empty',
        }}
        renderRow={(account) => (
          <Table.Tr data-testid="bank-account-row">
            <Table.Td>{account.accountHolderName}</Table.Td>
            <Table.Td>{countryName(account.country)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {account.accountNumber}
              {account.bankName ? (
                <Text size="xs" c="dimmed">
                  {account.bankName}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{account.routingNumber}</Table.Td>
            <Table.Td>{account.currency.toUpperCase()}</Table.Td>
            <Table.Td>
              {account.isDefaultForCurrency ? (
                <Badge color="blue" variant="light" data-testid="default-badge">
                  Default
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {canSetDefault && !account.isDefaultForCurrency ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    loading={makeDefault.isPending && makeDefault.variables?.id === account.id}
                    onClick={() => makeDefault.mutate(account)}
                    aria-label={`Make ${account.accountNumber} default`}
                  >
                    Make default
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables?.id === account.id}
                    onClick={() => confirmDelete(account)}
                    aria-label={`Delete ${account.accountNumber}`}
                  >
                    Delete
                  </Button>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </>
  );
}
