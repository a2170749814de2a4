import { Link, useNavigate } from 'react-router';
import { Anchor, Group, Paper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { notifySuccess } from '../../lib/notify';
import { PageHeader } from '../../components/PageHeader';
import { BankAccountForm } from './BankAccountForm';

/** /settings/bank-accounts/create */
export default function BankAccountFormPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Add bank account"
        description={
          <Anchor component={Link} to="/settings/bank-accounts" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size={14} />
              Back to bank accounts
            </Group>
          </Anchor>
        }
      />
      <Paper withBorder radius="md" p="md" maw={560}>
        <BankAccountForm
          onSaved={async (account) => {
            notifySuccess(`Bank account ${account.accountNumber} added`);
            await navigate('/settings/bank-accounts');
          }}
        />
      </Paper>
    </>
  );
}
