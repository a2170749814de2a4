import { useMemo } from 'react';
import { Select, Text, TextInput, type ComboboxItem, type OptionsFilter, type SelectProps, type TextInputProps } from '@mantine/core';
import { COUNTRIES, isValidTimeZone, listTimeZones } from '@lanebook/core/venue';

/**
 * Venue inputs shared by the venue settings form and the superadmin's create-venue form, so
 * both offer the same choices with the same labels.
 */

const squash = (text: string) => text.toLowerCase().replace(/[_\s/]+/g, ' ');

/** A zone's everyday name ("Mountain Time" for America/Denver), as the browser words it; none where it has none. */
function zoneName(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    // Zones without a name of their own come back as "GMT-07:00" or the city: nothing to add.
    return /^GMT|^UTC/.test(name) || squash(zone).includes(squash(name)) ? '' : name;
  } catch {
    return '';
  }
}

const zoneNames = new Map<string, string>();
const nameOf = (zone: string) => {
  if (!zoneNames.has(zone)) zoneNames.set(zone, zoneName(zone));
  return zoneNames.get(zone) ?? '';
};

/**
 * "new york" finds America/New_York (zone ids use underscores and slashes, people type spaces),
 * and "mountain" or "pacific" find the zones of that name.
 */
const zoneFilter: OptionsFilter = ({ options, search }) => {
  const query = squash(search.trim());
  return (options as ComboboxItem[]).filter((option) => squash(`${option.label} ${nameOf(option.value)}`).includes(query));
};

/** The browser's own zone is the likeliest zone of a new venue; none (choose one) when the browser reports an odd one such as UTC. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) && zone !== 'UTC' ? zone : '';
}

export function TimezoneSelect(props: Omit<SelectProps, 'data' | 'searchable'>) {
  const zones = useMemo(() => {
    const list = listTimeZones();
    // A stored zone the browser does not list (e.g. UTC) must still show as the value.
    return props.value && !list.includes(props.value) ? [props.value, ...list] : list;
  }, [props.value]);
  return (
    <Select
      label="Time zone"
      placeholder="Search, e.g. Mountain or New York"
      searchable
      data={zones}
      filter={zoneFilter}
      renderOption={({ option }) => (
        <div>
          <div>{option.label}</div>
          {nameOf(option.value) ? (
            <Text size="xs" c="dimmed">
              {nameOf(option.value)}
            </Text>
          ) : null}
        </div>
      )}
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
