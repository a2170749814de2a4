import { Fragment, type Key, type ReactNode } from 'react';
import { EmptyState, Paper, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { Paged } from '@lanebook/core/api-schemas';
import { FullPageLoader } from './FullPageLoader';
import { LoadError } from './LoadError';

/** What the table reads of a list query; a TanStack `useQuery` result for a `Paged` list fits as it is. */
export interface PagedQuery<TItem> {
  data: Paged<TItem> | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** The panel shown instead of the table when the list is empty. */
export interface QueryTableEmpty {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Buttons under the text, such as "Clear filters". */
  action?: ReactNode;
  testId: string;
}

/** A header cell: its text, or its text with how to show it. */
export type QueryTableColumn = string | { label: string; align?: 'right' | 'center'; visuallyHidden?: boolean };

export interface QueryTableProps<TItem extends { id: Key }> {
  query: PagedQuery<TItem>;
  /** The table's accessible name. */
  label: string;
  columns: readonly QueryTableColumn[];
  /** One `Table.Tr` an item; the table keys it by the item's id. */
  renderRow: (item: TItem) => ReactNode;
  /** `null` keeps the (empty) table and what is below it, e.g. a page past the first one that has emptied under a pager. */
  empty: QueryTableEmpty | null;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Just above the table, such as a count. */
  above?: (data: Paged<TItem>) => ReactNode;
  /** Under the table, such as a pager. */
  below?: (data: Paged<TItem>) => ReactNode;
  /** On a phone: one card an item instead of the table (the page decides when). */
  renderCard?: (item: TItem) => ReactNode;
}

/**
 * A list page's table in each state of its query: a loader, the load error with a retry, an empty panel,
 * or the rows, dimmed while placeholder data from the previous filters or page is shown.
 */
export function QueryTable<TItem extends { id: Key }>({
  query,
  label,
  columns,
  renderRow,
  empty,
  minWidth,
  above,
  below,
  renderCard,
}: QueryTableProps<TItem>) {
  if (query.isPending) return <FullPageLoader />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  const data = query.data;
  if (!data) return null;

  if (empty && data.items.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={empty.icon}
          withIndicatorBackground
          title={empty.title}
          description={empty.description}
          data-testid={empty.testId}
        >
          {empty.action ? <EmptyState.Actions>{empty.action}</EmptyState.Actions> : null}
        </EmptyState>
      </Paper>
    );

  const table = renderCard ? (
    <Stack gap="xs" aria-label={label} role="list" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
      {data.items.map((item) => (
        <Fragment key={item.id}>{renderCard(item)}</Fragment>
      ))}
    </Stack>
  ) : (
    <Paper withBorder radius="md">
      {/* Positioned, so visually hidden labels inside scroll with the table instead of widening the page. */}
      <Table.ScrollContainer minWidth={minWidth} type="native" pos="relative">
        <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) =>
                typeof column === 'string' ? (
                  <Table.Th key={index}>{column}</Table.Th>
                ) : (
                  <Table.Th key={index} ta={column.align}>
                    {column.visuallyHidden ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {data.items.map((item) => (
              <Fragment key={item.id}>{renderRow(item)}</Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );

  return (
    <>
      {above ? (
        <Stack gap="xs">
          {above(data)}
          {table}
        </Stack>
      ) : (
        table
      )}
      {below?.(data)}
    </>
  );
}
