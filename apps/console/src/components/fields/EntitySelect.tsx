import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Loader, MultiSelect, Select, Text } from '@mantine/core';
import { useCollectionList, type CollectionName } from '../collection/queries';

/** Another collection a field points to: where to load it and how to name its records. */
export interface EntitySource<R extends { id: string }> {
  path: CollectionName;
  /** Plural in lower case, for "No taxes yet". */
  noun: string;
  optionLabel: (record: R) => string;
  isPaused?: (record: R) => boolean;
  /** Where such records are created, linked when there are none. */
  createRoute?: string;
}

/** The server's largest page: a venue's taxes, lanes or products fit in one. */
const ALL = { limit: 500 };

function useOptions<R extends { id: string }>(source: EntitySource<R>, selected: string[]) {
  const list = useCollectionList<R>(source.path, ALL);
  const options = (list.data?.items ?? []).map((record) => ({
    value: record.id,
    label: source.optionLabel(record) + (source.isPaused?.(record) ? ' (paused)' : ''),
  }));
  // A chosen record that is gone still shows, so it can be seen and removed.
  if (list.isSuccess) {
    for (const id of selected) if (!options.some((o) => o.value === id)) options.push({ value: id, label: `${id} (not found)` });
  }
  const empty: ReactNode =
    list.isSuccess && list.data.items.length === 0 ? (
      <Text span size="xs">
        No {source.noun} yet.{' '}
        {source.createRoute ? (
          <Anchor component={Link} to={source.createRoute} size="xs">
            Create {source.noun}
          </Anchor>
        ) : null}
      </Text>
    ) : null;
  return {
    options,
    loading: list.isPending,
    loadError: list.isError ? `Could not load ${source.noun}. Reload the page to try again.` : undefined,
    empty,
  };
}

interface EntityInputProps<R extends { id: string }> {
  source: EntitySource<R>;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  error?: string;
  readOnly?: boolean;
  onBlur?: () => void;
}

/** Choose records of another collection (lanes, taxes, upsell items...): ids are stored. */
export function EntityMultiSelect<R extends { id: string }>({
  source,
  value,
  onChange,
  label,
  description,
  placeholder,
  error,
  readOnly,
  onBlur,
}: EntityInputProps<R> & { value: string[]; onChange: (ids: string[]) => void }) {
  const { options, loading, loadError, empty } = useOptions(source, value);
  return (
    <MultiSelect
      label={label}
      description={empty ?? description}
      placeholder={value.length ? undefined : loading ? 'Loading…' : (placeholder ?? `Choose ${source.noun}`)}
      data={options}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      searchable
      clearable={!readOnly}
      readOnly={readOnly}
      hidePickedOptions
      nothingFoundMessage={`No ${source.noun} found`}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      error={error ?? loadError}
    />
  );
}

/** Choose at most one record of another collection; null when none. */
export function EntitySelect<R extends { id: string }>({
  source,
  value,
  onChange,
  label,
  description,
  placeholder,
  error,
  readOnly,
  onBlur,
}: EntityInputProps<R> & { value: string | null; onChange: (id: string | null) => void }) {
  const { options, loading, loadError, empty } = useOptions(source, value ? [value] : []);
  return (
    <Select
      label={label}
      description={empty ?? description}
      placeholder={loading ? 'Loading…' : (placeholder ?? 'None')}
      data={options}
      value={value}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
      searchable
      clearable={!readOnly}
      readOnly={readOnly}
      nothingFoundMessage={`No ${source.noun} found`}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      error={error ?? loadError}
    />
  );
}

/** The name of one record of another collection, for list cells (loads that collection once, cached). */
export function EntityName<R extends { id: string }>({
  source,
  id,
  none = '—',
}: {
  source: EntitySource<R>;
  id: string | null;
  none?: string;
}) {
  const list = useCollectionList<R>(source.path, ALL, { enabled: id !== null });
  if (id === null) return <>{none}</>;
  const record = list.data?.items.find((item) => item.id === id);
  return <>{record ? source.optionLabel(record) : list.isPending ? '…' : id}</>;
}
