import { Stack } from '@mantine/core';
import { useSession } from '../../lib/session';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { AccountSummary } from './AccountSummary';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileDetailsForm } from './ProfileDetailsForm';
import { SectionCard } from './SectionCard';

/** /settings/profile: the signed-in user's own details, sign-in email and password. */
export default function ProfilePage() {
  const session = useSession();
  const { me } = session;
  if (!me) return <FullPageLoader />;

  // Permissions come from the open venue's map; a user with no venue open manages their own account freely.
  const venue = me.venue;
  const lockedBy = (allowed: boolean, what: string) =>
    venue && !allowed ? `Your role in ${venue.name} does not allow you to ${what}. Ask the venue owner.` : null;
  const editLocked = lockedBy(session.can('profile.edit'), 'edit your profile');
  const passwordLocked = lockedBy(session.can('profile.changePassword'), 'change your password');

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Profile" description="Your details as your team sees them, and how you sign in." />
      <AccountSummary me={me} />
      <SectionCard title="Personal details" description="Shown to your team and on booking logs." locked={editLocked}>
        <ProfileDetailsForm key={me.user.id} user={me.user} />
      </SectionCard>
      <SectionCard title="Sign-in email" description="We ask for your password before changing it." locked={editLocked}>
        <ChangeEmailForm currentEmail={me.user.email} />
      </SectionCard>
      <SectionCard title="Password" description="Changing it signs you out on your other devices." locked={passwordLocked}>
        <ChangePasswordForm />
      </SectionCard>
    </Stack>
  );
}
