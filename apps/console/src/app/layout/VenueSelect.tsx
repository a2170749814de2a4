import { Select, type SelectProps } from '@mantine/core';

/** The header's venue switcher, for members of several venues. */
export default function VenueSelect(props: SelectProps) {
  return <Select aria-label="Venue" data-testid="venue-select" size="xs" allowDeselect={false} {...props} />;
}
