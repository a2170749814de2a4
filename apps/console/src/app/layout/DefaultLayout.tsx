import { lazy, Suspense } from 'react';
import { Link, NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ActionIcon, AppShell, Avatar, Box, Burger, Button, Group, Indicator, NavLink, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconCrown, IconLogout, IconScan } from '@tabler/icons-react';
import { DeferredTooltip } from '../../components/DeferredTooltip';
import { FullPageLoader } from '../../components/FullPageLoader';
import { leaveVenue as leaveJoinedVenue } from '../../features/superadmin/api/leave-venue';
import { VerifyBanner } from '../../features/payments/VerifyBanner';
import { ResumeGuideButton, TourHost, TourOffer } from '../../features/tour/TourHost';
import { notifyError } from '../../lib/notify';
import { MAIN_MENU, SETTINGS_MENU, type MenuItem } from '../../lib/menus';
import { useSession } from '../../lib/session';
import { useLiveUpdates } from '../../lib/live';
import { BookingFinder } from './BookingFinder';
import { VenueClock } from './VenueClock';
import { InvitationsBanner } from './InvitationsBanner';
import { ModalsWhenOpened } from '../ModalsWhenOpened';

// Most users belong to one venue: the select (Combobox, Popover) loads only for those who can switch.
const VenueSelect = lazy(() => import('./VenueSelect'));
// The desk's warnings load after the page (their query needs the calendar's date rules), never holding it up.
const DeskWarnings = lazy(() => import('../../features/bookings/DeskWarnings'));
const venueSelectWidth = { base: 100, sm: 200 };

function visible(items: MenuItem[], session: ReturnType<typeof useSession>) {
  return items.filter((item) => (!item.superadminOnly || session.me?.isSuperadmin) && (!item.permission || session.can(item.permission)));
}

export function DefaultLayout() {
  const session = useSession();
  const { me } = session;
  useLiveUpdates(session.venueId);
  const location = useLocation();
  const navigate = useNavigate();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const isMobile = useMediaQuery('(max-width: 48em)');
  const inSettings = location.pathname.startsWith('/settings');
  const venue = me?.venue ?? null;
  const membership = me?.venues.find((v) => v.venueId === venue?.id);

  const venueOptions = (me?.venues ?? []).map((v) => ({ value: v.venueId, label: v.venueName }));
  if (venue && !venueOptions.some((o) => o.value === venue.id)) venueOptions.push({ value: venue.id, label: venue.name });

  const signOut = async () => {
    await session.signOut();
    navigate('/login', { replace: true });
  };

  const leaveVenue = async () => {
    try {
      await leaveJoinedVenue();
      session.selectVenue(null);
      await session.refresh();
      navigate('/settings/superadmin');
    } catch (error) {
      notifyError(error);
    }
  };

  const navItem = (item: MenuItem, nested = false) => (
    <NavLink
      key={item.to}
      component={RouterNavLink}
      to={item.to}
      label={item.label}
      pl={nested ? 'xl' : undefined}
      active={
        item.to === '/settings'
          ? location.pathname === '/settings'
          : location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)
      }
      onClick={closeMobile}
    />
  );

  // Only the app's pages open confirm dialogs: the modals (and Mantine's Modal) load with the first one they open.
  return (
    <>
      <ModalsWhenOpened />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={isMobile ? mobileOpened : desktopOpened}
                onClick={isMobile ? toggleMobile : toggleDesktop}
                size="sm"
                aria-label={isMobile ? 'Open menu' : 'Collapse sidebar'}
                data-testid="menu-toggle"
              />
              <Text component={Link} to="/" fw={800} size="lg" c="blue.8" style={{ textDecoration: 'none' }}>
                Lanebook
              </Text>
              {venue ? (
                <Box visibleFrom="sm">
                  <VenueClock venue={venue} />
                </Box>
              ) : null}
            </Group>
            {/* On a phone the right-hand controls sit closer, so Search bookings fits beside them at 390 px. */}
            <Group gap={isMobile ? 6 : 'sm'} wrap="nowrap">
              {venue ? <BookingFinder /> : null}
              {/* On a phone Check-in is in the menu: the header's controls fill its 390 px already. */}
              {venue && session.can('bookings.edit') && !isMobile ? (
                <DeferredTooltip label="Check-in: scan a booking's code">
                  <ActionIcon component={Link} to="/check-in" variant="subtle" color="gray" size="lg" aria-label="Check-in">
                    <IconScan size={20} />
                  </ActionIcon>
                </DeferredTooltip>
              ) : null}
              <ResumeGuideButton />
              {venueOptions.length > 1 ? (
                <Suspense fallback={<Box w={venueSelectWidth} />}>
                  <VenueSelect
                    w={venueSelectWidth}
                    data={venueOptions}
                    value={venue?.id ?? null}
                    onChange={(value) => value && session.selectVenue(value)}
                  />
                </Suspense>
              ) : null}
              {membership?.isTemporary ? (
                <Button size="xs" variant="subtle" color="gray" onClick={leaveVenue}>
                  Leave venue
                </Button>
              ) : null}
              <DeferredTooltip label={me?.isSuperadmin ? 'Profile (superadmin)' : 'Profile'}>
                <Indicator
                  disabled={!me?.isSuperadmin}
                  label={<IconCrown size={10} />}
                  size={16}
                  color="yellow"
                  offset={4}
                  data-testid="superadmin-crown"
                >
                  <Avatar
                    component={Link}
                    to="/settings/profile"
                    src={me?.user.image ?? null}
                    alt={me?.user.name}
                    radius="xl"
                    size="md"
                    aria-label="Profile"
                  >
                    {me?.user.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                </Indicator>
              </DeferredTooltip>
              <DeferredTooltip label="Log out">
                <ActionIcon variant="subtle" color="gray" size="lg" onClick={signOut} aria-label="Log out">
                  <IconLogout size={20} />
                </ActionIcon>
              </DeferredTooltip>
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="xs" aria-label="Main menu" data-tour="main-menu">
          {/* The browser's own scrolling: Mantine's ScrollArea would bring Floating UI into every page's first load. */}
          <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
            {venue ? (
              <Box hiddenFrom="sm" px="sm" pb="xs">
                <VenueClock venue={venue} />
              </Box>
            ) : null}
            {visible(MAIN_MENU, session).map((item) => (
              <Box key={item.to}>
                {navItem(item)}
                {item.to === '/settings' && inSettings ? visible(SETTINGS_MENU, session).map((sub) => navItem(sub, true)) : null}
              </Box>
            ))}
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main>
          <InvitationsBanner />
          {venue ? <VerifyBanner /> : null}
          {venue ? (
            <Suspense fallback={null}>
              <DeskWarnings />
            </Suspense>
          ) : null}
          {location.pathname === '/dashboard' ? <TourOffer /> : null}
          <TourHost />
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
