import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import {
  amountBodySchema,
  balancePath,
  PAYMENT_PROVIDERS,
  type Balance,
  type PaymentProviderName,
  type PaymentsInfo,
} from '@lanebook/core/payment-schemas';
import { useSession } from '../../lib/session';
import { usePaymentsInfo } from '../../lib/payments-info';
import { isWebUrl } from '../../lib/provider-page';
import { showFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { addToBalance } from './api/add-to-balance';
import { createPayout } from './api/create-payout';
import { balanceQuery } from './api/get-balance';
import { paymentsKey } from './api/keys';
import { bankAccountsQuery } from './api/list-bank-accounts';
import { payoutsQuery } from './api/list-payouts';
import { PROVIDER_LABELS, usePaymentsFormat } from './labels';

const PAYOUT_COLORS: Record<string, string> = { paid: 'green', pending: 'yellow', in_transit: 'blue', canceled: 'gray', failed: 'red' };
const payoutStatusLabel = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** /dashboard/sandbox-balance and /dashboard/stripe-balance: one page, the provider named by the path. */
export default function BalancePage() {
  const { pathname } = useLocation();
  const info = usePaymentsInfo();
  const provider = PAYMENT_PROVIDERS.find((name) => balancePath(name) === pathname) ?? 'sandbox';
  if (info.isPending) return <FullPageLoader />;
  if (info.isError) {
    return (
      <>
        <PageHeader title={`${PROVIDER_LABELS[provider]} balance`} />
        <LoadError error={info.error} onRetry={() => info.refetch()} />
      </>
    );
  }
  // The server speaks for one provider: an old link to the other one lands on the right page.
  if (info.data.provider !== provider) return <Navigate to={balancePath(info.data.provider)} replace />;
  return <ProviderBalance key={provider} info={info.data} />;
}

function ProviderBalance({ info }: { info: PaymentsInfo }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const format = usePaymentsFormat(info.currency);
  const { provider } = info;
  const label = PROVIDER_LABELS[provider];
  const balance = useQuery(balanceQuery(session.venueId, provider));
  const canCreate = session.can('bankAccounts.create');
  const dashboardUrl = info.dashboardUrl && isWebUrl(info.dashboardUrl) ? info.dashboardUrl : null;

  return (
    <>
      <PageHeader
        title={`${label} balance`}
        description={
          <Anchor component={Link} to="/settings/bank-accounts" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size={14} />
              Bank accounts
            </Group>
          </Anchor>
        }
        actions={
          dashboardUrl ? (
            <Button
              component="a"
              href={dashboardUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              rightSection={<IconExternalLink size={16} />}
            >
              Open {label} dashboard{info.testMode ? ' (test mode)' : ''}
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        {balance.isError ? (
          <LoadError error={balance.error} onRetry={() => balance.refetch()} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BalanceCard
              title="Available"
              hint="Can be paid out now."
              amounts={balance.data?.available}
              currency={info.currency}
              testId="balance-available"
            />
            <BalanceCard
              title="Pending"
              hint="Card payments not yet settled by the provider."
              amounts={balance.data?.pending}
              currency={info.currency}
              testId="balance-pending"
            />
          </SimpleGrid>
        )}

        {canCreate ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AmountForm
              title="Add to balance"
              description="Tops the balance up from the venue's own money, so refunds can be paid after a payout."
              submitLabel="Add to balance"
              run={(amount) => addToBalance(provider, amount)}
              onDone={(answer, amount) => {
                queryClient.setQueryData(balanceQuery(session.venueId, provider).queryKey, answer);
                notifySuccess(`${format.money(amount)} added to the balance`);
              }}
            />
            <AmountForm
              title="Pay out"
              description={<PayoutTarget currency={info.currency} />}
              submitLabel="Pay out"
              run={(amount) => createPayout(provider, amount)}
              onDone={async (_, amount) => {
                notifySuccess(`Payout of ${format.money(amount)} created`);
                await queryClient.invalidateQueries({ queryKey: paymentsKey(session.venueId) });
              }}
            />
          </SimpleGrid>
        ) : null}

        <Payouts provider={provider} currency={info.currency} />
      </Stack>
    </>
  );
}

function BalanceCard({
  title,
  hint,
  amounts,
  currency,
  testId,
}: {
  title: string;
  hint: string;
  amounts: Balance['available'] | undefined;
  currency: PaymentsInfo['currency'];
  testId: string;
}) {
  const format = usePaymentsFormat(currency);
  // Nothing in any currency yet reads as zero in the venue's own.
  const lines = amounts?.length ? amounts : [{ amount: 0, currency }];
  return (
    <Card withBorder radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      {amounts === undefined ? (
        <Text size="xl" fw={700} c="dimmed">
          …
        </Text>
      ) : (
        lines.map((line) => (
          <Text key={line.currency} size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {format.money(line.amount, line.currency)}
          </Text>
        ))
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

/** Which account a payout goes to: the default one of the venue's currency. */
function PayoutTarget({ currency }: { currency: PaymentsInfo['currency'] }) {
  const session = useSession();
  const accounts = useQuery(bankAccountsQuery(session.venueId));
  const target = accounts.data?.items.find((account) => account.currency === currency && account.isDefaultForCurrency);
  if (accounts.isPending || accounts.isError) return <>Pays the amount out to the default {currency.toUpperCase()} bank account.</>;
  if (!target)
    return (
      <>
        There is no default {currency.toUpperCase()} bank account yet:{' '}
        <Anchor component={Link} to="/settings/bank-accounts" size="sm">
          add one
        </Anchor>{' '}
        first.
      </>
    );
  return (
    <>
      Pays the amount out to {target.accountNumber} ({target.accountHolderName}), the default {currency.toUpperCase()} account.
    </>
  );
}

/** An amount typed in dollars, sent in cents; the server's field error shows under the box. */
function AmountForm<T>({
  title,
  description,
  submitLabel,
  run,
  onDone,
}: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  run: (amount: number) => Promise<T>;
  onDone: (answer: T, amount: number) => void | Promise<void>;
}) {
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: run,
    onSuccess: async (answer, sent) => {
      setAmount(null);
      await onDone(answer, sent);
    },
    onError: (failure) => showFieldErrors(failure, (fields) => setError(fields.amount ?? Object.values(fields)[0])),
  });

  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The API's own rules (whole cents, 1.00 to 100,000.00), checked before asking.
          const checked = amountBodySchema.safeParse({ amount });
          if (amount === null) setError('Enter an amount');
          else if (!checked.success) setError(checked.error.issues[0]?.message);
          else {
            setError(undefined);
            send.mutate(checked.data.amount);
          }
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <MoneyInput
              label="Amount"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setError(undefined);
              }}
              error={error}
              required
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={send.isPending} mt={25}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Payouts({ provider, currency }: { provider: PaymentProviderName; currency: PaymentsInfo['currency'] }) {
  const session = useSession();
  const format = usePaymentsFormat(currency);
  const payouts = useInfiniteQuery(payoutsQuery(session.venueId, provider));
  const rows = payouts.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <Stack gap="xs" component="section" aria-label="Payouts">
      <Title order={2} size="h4">
        Payouts
      </Title>
      {payouts.isPending ? (
        <FullPageLoader />
      ) : payouts.isError && rows.length === 0 ? (
        <LoadError error={payouts.error} onRetry={() => payouts.refetch()} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="payouts-empty">
          No payouts yet.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560} type="native">
            <Table verticalSpacing="sm" aria-label="Payouts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Arrives</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((payout) => (
                  <Table.Tr key={payout.id} data-testid="payout-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(payout.createdAt)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {format.money(payout.amount, payout.currency)}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={PAYOUT_COLORS[payout.status] ?? 'gray'} variant="light">
                        {payoutStatusLabel(payout.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(payout.arrivalDate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {payouts.isFetchNextPageError ? <LoadError error={payouts.error} onRetry={() => payouts.fetchNextPage()} /> : null}
      {payouts.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={payouts.isFetchingNextPage} onClick={() => payouts.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
