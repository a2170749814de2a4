import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, Divider, List, Stack, Text } from '@mantine/core';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AuthHeader } from '../../components/AuthHeader';
import { skipBankOnboarding } from './api/skip-bank-onboarding';
import { BankAccountForm } from './BankAccountForm';

/** /onboard/bank-account: the step after venue creation, where the venue adds the bank account its payouts go to. */
export default function OnboardBankAccountPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [skipping, setSkipping] = useState(false);
  const me = session.me;
  const venue = me?.venue ?? null;

  if (!venue) {
    // With venues but none open yet, the session is about to pick the first one.
    return me?.venues.length ? <FullPageLoader /> : <Navigate to="/onboard/venue" replace />;
  }

  const stepPending = venue.stripeBankAccountStatus === 'inactive' && !venue.bankOnboardingSkipped;
  // Skipping changes the venue, so it needs venues.edit; anyone else just moves on.
  const canSkip = stepPending && session.can('venues.edit');
  const canAdd = session.can('bankAccounts.create');

  const skip = async () => {
    setSkipping(true);
    try {
      await skipBankOnboarding();
      await session.refresh();
      navigate('/dashboard');
    } catch (error) {
      notifyError(error);
      setSkipping(false);
    }
  };

  return (
    <Stack gap="md">
      <AuthHeader title="Add a bank account" description={`${venue.name} is ready. One more step before you take online payments.`} />
      <Text size="sm">Online payments are paid out to the venue&apos;s bank account. Adding one lets you:</Text>
      <List size="sm" spacing={4}>
        <List.Item>take card payments in the booking widget,</List.Item>
        <List.Item>receive payouts and issue refunds.</List.Item>
      </List>
      {canAdd ? (
        <>
          <BankAccountForm
            onSaved={async (account) => {
              notifySuccess(`Bank account ${account.accountNumber} added`);
              // The venue's bank status changed: the guards read it from the session.
              await session.refresh();
              await navigate('/dashboard');
            }}
          />
          <Divider label="or" />
          <Text size="sm" c="dimmed">
            Bookings can still be paid at the front desk without one; you can add the account later under Settings, Bank accounts.
          </Text>
        </>
      ) : null}
      {canSkip ? (
        <Button fullWidth variant={canAdd ? 'default' : 'filled'} loading={skipping} onClick={skip}>
          Skip for now
        </Button>
      ) : (
        <Button fullWidth variant={canAdd ? 'default' : 'filled'} onClick={() => navigate('/dashboard')}>
          Continue
        </Button>
      )}
    </Stack>
  );
}
