import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Group, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../components/dialogs';
import { PageHeader } from '../../components/PageHeader';
import { notifyError, notifySuccess } from '../../lib/notify';
import { QueryTable } from '../../components/QueryTable';
import { PAGE_SIZE, superadminKeys } from './api/keys';
import { listAccountsQuery, type Account } from './api/list-accounts';
import { setAccountDisabled } from './api/set-account-disabled';
import { BackToSuperadmin } from './BackToSuperadmin';
import { Pager } from '../../components/Pager';

export default function SuperadminUsersPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const query = { search: debouncedSearch || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };

  const accountsQuery = useQuery({
    ...listAccountsQuery(query),
  });

  return (
    <>
      <PageHeader title="Accounts" description={<BackToSuperadmin />} />
      <TextInput
        label="Search"
        placeholder="Name or email"
        type="search"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        w={{ base: '100%', xs: 320 }}
        mb="md"
      />

      <QueryTable
        query={accountsQuery}
        label="Accounts"
        columns={['Name', 'Email', 'Status', 'Created', { label: 'Actions', visuallyHidden: true }]}
        minWidth={720}
        empty={{
          icon: <IconUsers size={28} />,
          title: 'No accounts match',
          description: 'Try another name or email.',
          testId: 'accounts-empty',
        }}
        below={(data) => <Pager pageSize={PAGE_SIZE} page={page} total={data.total} onChange={setPage} noun="accounts" />}
        renderRow={(account) => <AccountRow account={account} />}
      />
    </>
  );
}

function AccountRow({ account }: { account: Account }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const isSelf = account.id === session.me?.user.id;

  const toggle = useMutation({
    mutationFn: (disable: boolean) => setAccountDisabled(account.id, disable),
    onSuccess: async (_, disable) => {
      notifySuccess(disable ? `${account.email} is disabled and signed out` : `${account.email} can sign in again`);
      await queryClient.invalidateQueries({ queryKey: superadminKeys.accounts });
    },
    onError: notifyError,
  });

  const disable = async () => {
    const confirmed = await confirmAction({
      title: 'Disable account',
      message: `Disable ${account.email}? Their sessions end at once and they cannot sign in until the account is enabled again.`,
      confirmLabel: 'Disable',
      danger: true,
    });
    if (confirmed) toggle.mutate(true);
  };

  return (
    <Table.Tr data-testid="account-row">
      <Table.Td fw={500}>
        <Group gap="xs" wrap="nowrap">
          {account.name || '—'}
          {account.isSuperadmin ? (
            <Badge color="yellow" variant="light" size="sm">
              Superadmin
            </Badge>
          ) : null}
          {isSelf ? (
            <Badge color="gray" variant="light" size="sm">
              You
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>{account.email}</Table.Td>
      <Table.Td>
        {account.isDisabled ? (
          <Badge color="red">Disabled</Badge>
        ) : (
          <Badge variant="light" color="green">
            Active
          </Badge>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Date(account.createdAt).toLocaleDateString()}</Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          {/* The server refuses disabling yourself; the button is not offered. */}
          {isSelf ? null : account.isDisabled ? (
            <Button
              size="xs"
              variant="light"
              loading={toggle.isPending}
              onClick={() => toggle.mutate(false)}
              aria-label={`Enable ${account.email}`}
            >
              Enable
            </Button>
          ) : (
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={toggle.isPending}
              onClick={disable}
              aria-label={`Disable ${account.email}`}
            >
              Disable
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
