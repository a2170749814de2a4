import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

// The dialog (Modal, the search's query and its results) loads when first opened, not with every page.
const BookingFinderDialog = lazy(() => import('./BookingFinderDialog'));

/** The header's "Search bookings": from any page, a name, an email, a phone or a reference finds a booking and opens it. "/" opens it too. */
export function BookingFinder() {
  const [opened, setOpened] = useState(false);
  const open = () => setOpened(true);
  // Not while typing in a field: there "/" is a character.
  useHotkeys([['/', open]]);
  return (
    <>
      <Button
        visibleFrom="sm"
        variant="default"
        color="gray"
        leftSection={<IconSearch size={16} />}
        rightSection={<Kbd size="xs">/</Kbd>}
        onClick={open}
        data-testid="header-search"
      >
        Search bookings
      </Button>
      <ActionIcon hiddenFrom="sm" variant="subtle" color="gray" size="lg" onClick={open} aria-label="Search bookings">
        <IconSearch size={20} />
      </ActionIcon>
      {opened ? (
        <Suspense fallback={null}>
          <BookingFinderDialog onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
