import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FullPageLoader } from '../components/FullPageLoader';
import { invitationsQuery } from '../features/invitations/api/list-invitations';
import { safeNextPath } from '../lib/next-path';
import type { RouteDef } from './route-table';
import { useSession } from '../lib/session';

/**
 * The console's navigation guards, in the order they apply. They wait for the
 * session (role and superadmin flag) to load before deciding anything.
 */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const { status, me } = session;

  if (route.access === 'public') return <>{children}</>;
  if (status === 'loading') return <FullPageLoader />;

  if (route.access === 'guest') {
    return status === 'signed-in' ? (
      <Navigate to={safeNextPath(new URLSearchParams(location.search).get('next'))} replace />
    ) : (
      <>{children}</>
    );
  }
  if (status === 'signed-out' || !me) {
    const next = location.pathname + location.search;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (route.access === 'onboarding') return <>{children}</>;

  // A user with no venue answers their invitations, or creates a venue (a superadmin has the superadmin pages instead).
  if (me.venues.length === 0 && !me.isSuperadmin) return <NoVenue />;
  // A superadmin with no venue open works from the superadmin pages.
  if (!me.venue && me.isSuperadmin && !route.superadminOnly && !['/settings', '/settings/profile'].includes(route.path)) {
    return <Navigate to="/settings/superadmin" replace />;
  }
  const venue = me.venue;
  if (
    venue &&
    !venue.bankOnboardingSkipped &&
    venue.stripeBankAccountStatus === 'inactive' &&
    session.can('bankAccounts.create') &&
    !me.isSuperadmin
  ) {
    return <Navigate to="/onboard/bank-account" replace />;
  }
  if (route.superadminOnly && !me.isSuperadmin) return <Navigate to="/" replace />;
  if (route.permission && !session.can(route.permission)) return <GoBack />;
  return <>{children}</>;
}

/** Without a venue: pending invitations first (decision 008), venue onboarding otherwise. */
function NoVenue() {
  const invitations = useQuery(invitationsQuery());
  if (invitations.isPending) return <FullPageLoader />;
  return <Navigate to={invitations.data?.total ? '/invitations' : '/onboard/venue'} replace />;
}

/** A failed permission check sends the user back, or to / when there is no page to go back to. */
function GoBack() {
  const navigate = useNavigate();
  useEffect(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);
  return <FullPageLoader />;
}
