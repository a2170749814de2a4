import { Fragment, type ReactNode } from 'react';
import type { Venue } from '@lanebook/core/api-schemas';
import { useCurrentVenue } from '../lib/current-venue';
import { FullPageLoader } from './FullPageLoader';
import { LoadError } from './LoadError';
import { PageHeader } from './PageHeader';

/**
 * A settings page of the open venue: its header, then its form once the venue has loaded. The
 * form is keyed by venue, so switching venues starts a fresh one.
 */
export function CurrentVenuePage({ title, description, form }: { title: string; description: string; form: (venue: Venue) => ReactNode }) {
  const venueQuery = useCurrentVenue();
  return (
    <>
      <PageHeader title={title} description={description} />
      {venueQuery.isPending ? (
        <FullPageLoader />
      ) : venueQuery.isError ? (
        <LoadError error={venueQuery.error} onRetry={() => venueQuery.refetch()} />
      ) : (
        <Fragment key={venueQuery.data.id}>{form(venueQuery.data)}</Fragment>
      )}
    </>
  );
}
