import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { PageHeader } from '../PageHeader';
import { isPausedRecord, useCollectionActions, useCollectionPermissions } from './actions';
import { LoadError } from '../LoadError';
import { PageButtons } from '../Pager';
import { useCollectionList, type ListParams } from './queries';
import type { BaseRecord, CollectionArea, CollectionConfig, Column, RecordSchema } from './types';
import { useUrlParams } from '../../lib/url-params';

const PAGE_SIZE = 50;
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
];

export interface CollectionListPageProps<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea> {
  def: CollectionConfig<S, R, A>;
  /** Open a record somewhere else than its own page (lanes are edited in a modal). */
  onOpen?: (record: R) => void;
  onCreate?: () => void;
  /** Shown between the header and the list. */
  children?: ReactNode;
}

/**
 * The list of a collection: search (debounced), sort, a status filter and a pause switch per
 * row when pausable, delete with confirmation, a table (cards on phones), loading, empty and
 * error states. Filters live in the URL so coming back from a record keeps them.
 */
export function CollectionListPage<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea>({
  def,
  onOpen,
  onCreate,
  children,
}: CollectionListPageProps<S, R, A>) {
  const navigate = useNavigate();
  const permissions = useCollectionPermissions(def);
  const actions = useCollectionActions(def);
  const isMobile = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const { params, setParam, clear } = useUrlParams();
  const search = params.get('search') ?? '';
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const sortIndex = Math.max(
    0,
    def.sorts.findIndex((s) => `${s.sort}:${s.order}` === params.get('sort')),
  );
  const sort = def.sorts[sortIndex];
  const status = def.pausable ? (params.get('status') ?? 'all') : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const query: ListParams = {
    search: debouncedSearch || undefined,
    sort: sort?.sort,
    order: sort?.order,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    isPaused: status === 'all' ? undefined : status === 'paused',
  };
  const list = useCollectionList<R>(def.path, query);
  const filtered = Boolean(debouncedSearch) || status !== 'all';

  const itemRoute = (record: R) => `${def.listRoute}/${encodeURIComponent(record.id)}`;
  const open = (record: R) => (onOpen ? onOpen(record) : navigate(itemRoute(record)));
  const create = () => (onCreate ? onCreate() : navigate(`${def.listRoute}/create`));

  const titleCell = (record: R, column: Column<R>) =>
    // A real link (or button) too, for the keyboard and for opening in a new tab.
    onOpen ? (
      <Anchor
        component="button"
        type="button"
        fw={500}
        ta="left"
        onClick={(event) => {
          event.stopPropagation();
          open(record);
        }}
      >
        {column.render(record)}
      </Anchor>
    ) : (
      <Anchor component={Link} to={itemRoute(record)} fw={500} onClick={(event) => event.stopPropagation()}>
        {column.render(record)}
      </Anchor>
    );

  const statusCell = (record: R) => {
    const paused = isPausedRecord(record);
    const pending = actions.mutations.setPaused.isPending && actions.mutations.setPaused.variables?.id === record.id;
    return permissions.pause ? (
      <Switch
        checked={!paused}
        onChange={() => void actions.togglePause(record)}
        label={paused ? 'Paused' : 'Active'}
        disabled={pending}
        title={paused ? `Resume ${def.titleOf(record)}` : `Pause ${def.titleOf(record)}`}
        data-testid="pause-switch"
      />
    ) : (
      <Badge color={paused ? 'gray' : 'green'} variant="light">
        {paused ? 'Paused' : 'Active'}
      </Badge>
    );
  };

  const deleteButton = (record: R) =>
    permissions.delete ? (
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconTrash size={14} />}
        aria-label={`Delete ${def.titleOf(record)}`}
        onClick={() => void actions.remove(record)}
      >
        Delete
      </Button>
    ) : null;

  const [first, ...rest] = def.columns;
  const data = list.data;
  const pages = data ? Math.ceil(data.total / PAGE_SIZE) : 0;

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Paper withBorder radius="md" p="md" data-testid="list-loading">
        <Stack gap="sm">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={28} />
          ))}
        </Stack>
      </Paper>
    );
  } else if (list.isError) {
    content = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (data && data.items.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={def.emptyState.icon}
          withIndicatorBackground
          title={filtered ? `No ${def.labelPlural.toLowerCase()} match` : def.emptyState.title}
          description={filtered ? 'Try another search or status.' : def.emptyState.description}
          data-testid="list-empty"
        >
          <EmptyState.Actions>
            {filtered ? (
              <Button variant="default" onClick={clear}>
                Clear filters
              </Button>
            ) : permissions.create ? (
              <Button leftSection={<IconPlus size={16} />} onClick={create}>
                Create {def.label.toLowerCase()}
              </Button>
            ) : null}
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  } else if (data && isMobile) {
    content = (
      <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {data.items.map((record) => (
          <Paper key={record.id} withBorder radius="md" p="md" data-testid="list-row">
            <Stack gap={6}>
              {titleCell(record, first)}
              {rest
                .filter((column) => !column.hideOnMobile)
                .map((column) => (
                  <Group key={column.key} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {column.header}
                    </Text>
                    <Text size="sm" component="div" ta="right">
                      {column.render(record)}
                    </Text>
                  </Group>
                ))}
              {def.pausable || permissions.delete ? (
                <Group justify="space-between" mt={4}>
                  {def.pausable ? statusCell(record) : <span />}
                  {deleteButton(record)}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  } else if (data) {
    content = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640} type="native">
          <Table highlightOnHover verticalSpacing="sm" aria-label={def.labelPlural}>
            <Table.Thead>
              <Table.Tr>
                {def.columns.map((column) => (
                  <Table.Th key={column.key} ta={column.numeric ? 'right' : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
                {def.pausable ? <Table.Th>Status</Table.Th> : null}
                {permissions.delete ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {data.items.map((record) => (
                <Table.Tr key={record.id} data-testid="list-row" style={{ cursor: 'pointer' }} onClick={() => open(record)}>
                  {def.columns.map((column, index) => (
                    <Table.Td key={column.key} ta={column.numeric ? 'right' : undefined}>
                      {index === 0 ? titleCell(record, column) : column.render(record)}
                    </Table.Td>
                  ))}
                  {/* Controls in a row do their own thing, not open the record. */}
                  {def.pausable ? <Table.Td onClick={(event) => event.stopPropagation()}>{statusCell(record)}</Table.Td> : null}
                  {permissions.delete ? (
                    <Table.Td ta="right" onClick={(event) => event.stopPropagation()}>
                      {deleteButton(record)}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader
        title={def.title ?? def.labelPlural}
        description={def.description}
        actions={
          permissions.create ? (
            <Button leftSection={<IconPlus size={16} />} onClick={create}>
              Create
            </Button>
          ) : null
        }
      />
      {children}
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder={def.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setParam({ search: event.currentTarget.value })}
          w={{ base: '100%', xs: 280 }}
          type="search"
        />
        <Select
          label="Sort"
          data={def.sorts.map((s) => ({ value: `${s.sort}:${s.order}`, label: s.label }))}
          value={sort ? `${sort.sort}:${sort.order}` : null}
          onChange={(value) => setParam({ sort: value === `${def.sorts[0].sort}:${def.sorts[0].order}` ? null : value })}
          allowDeselect={false}
          w={{ base: def.pausable ? 'calc(50% - 6px)' : '100%', xs: 200 }}
        />
        {def.pausable ? (
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(value) => setParam({ status: value === 'all' ? null : value })}
            allowDeselect={false}
            w={{ base: 'calc(50% - 6px)', xs: 140 }}
          />
        ) : null}
      </Group>
      {data && data.items.length > 0 ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="list-total">
          {data.total} {data.total === 1 ? def.label.toLowerCase() : def.labelPlural.toLowerCase()}
        </Text>
      ) : null}
      <div data-tour="collection-list">{content}</div>
      {pages > 1 ? (
        <Group justify="center" mt="md">
          <PageButtons total={pages} value={page} onChange={(next) => setParam({ page: next === 1 ? null : String(next) })} />
        </Group>
      ) : null}
    </>
  );
}
