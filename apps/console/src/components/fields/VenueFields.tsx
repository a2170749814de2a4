import { useMemo } from 'react';
import { Select, TextInput, type ComboboxItem, type OptionsFilter, type SelectProps, type TextInputProps } from '@mantine/core';
import { COUNTRIES, listTimeZones } from '@lanebook/core/venue';

/**
 * Venue inputs shared by the venue settings form and the superadmin's create-venue form, so
 * both offer the same choices with the same labels.
 */

const squash = (text: string) => text.toLowerCase().replace(/[_\s/]+/g, ' ');

/** "new york" finds America/New_York: zone ids use underscores and slashes, people type spaces. */
const zoneFilter: OptionsFilter = ({ options, search }) => {
  const query = squash(search.trim());
  return (options as ComboboxItem[]).filter((option) => squash(option.label).includes(query));
};

export function TimezoneSelect(props: Omit<SelectProps, 'data' | 'searchable'>) {
  const zones = useMemo(() => {
    const list = listTimeZones();
    // A stored zone the browser does not list (e.g. UTC) must still show as the value.
    return props.value && !list.includes(props.value) ? [props.value, ...list] : list;
  }, [props.value]);
  return (
    <Select
      label="Time zone"
      placeholder="Search a time zone"
      searchable
      data={zones}
      filter={zoneFilter}
      allowDeselect={false}
      nothingFoundMessage="No matching time zone"
      maxDropdownHeight={280}
      {...props}
    />
  );
}

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.currency})` }));

export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  return <Select label="Country" data={COUNTRY_OPTIONS} allowDeselect={false} {...props} />;
}

export function VenueIdInput(props: TextInputProps) {
  return (
    <TextInput
      label="Venue ID"
      description="Lowercase letters, digits and dashes. It appears in links and embed codes and cannot be changed later."
      placeholder="e.g. downtown-axe"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}

/** A venue ID suggested from its name, for the create form. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
