import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconSignature } from '@tabler/icons-react';
import { useSession } from '../../lib/session';
import { useUrlParams } from '../../lib/url-params';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { venueDate } from '../../components/roles';
import { listWaiversQuery } from './api/list-waivers';

/** /waivers: the venue's waivers, searched by title; each opens in the builder. */
export default function WaiversPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { params, setParam, clear } = useUrlParams();
  const search = params.get('search') ?? '';
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const waivers = useQuery(listWaiversQuery(session.venueId, (search.trim() && debouncedSearch) || undefined));
  const venue = session.me?.venue;

  const createButton = session.can('waivers.create') ? (
    <Button component={Link} to="/waivers/create" leftSection={<IconPlus size={16} />}>
      Create waiver
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Waivers"
        description={
          <>
            What customers sign before they play; a product chooses its waiver.{' '}
            <Anchor component={Link} to="/signatures" data-testid="signed-waivers-link">
              Signed waivers
            </Anchor>
          </>
        }
        actions={createButton}
      />

      <TextInput
        label="Search"
        placeholder="Title"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setParam({ search: event.currentTarget.value })}
        w={{ base: '100%', xs: 280 }}
        type="search"
        mb="md"
      />

      <QueryTable
        query={waivers}
        label="Waivers"
        columns={['Title', { label: 'Fields', align: 'right' }, 'Updated']}
        minWidth={560}
        empty={{
          icon: <IconSignature size={28} />,
          title: search ? 'No waivers match' : 'No waivers yet',
          description: search ? 'Try another title.' : 'Create the waiver your customers sign, then choose it on a product.',
          action: search ? (
            <Button variant="default" onClick={clear}>
              Clear search
            </Button>
          ) : (
            createButton
          ),
          testId: 'waivers-empty',
        }}
        above={(data) => (
          <Text size="sm" c="dimmed" data-testid="waivers-total">
            {data.total === 1 ? '1 waiver' : `${data.total} waivers`}
          </Text>
        )}
        renderRow={(waiver) => (
          <Table.Tr data-testid="waiver-row" style={{ cursor: 'pointer' }} onClick={() => navigate(`/waivers/${waiver.id}`)}>
            <Table.Td>
              <Anchor component={Link} to={`/waivers/${waiver.id}`} fw={500} onClick={(event) => event.stopPropagation()}>
                {waiver.title}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {waiver.fields.filter((field) => !field.isDisabled).length}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{venueDate(waiver.updatedAt, venue)}</Table.Td>
          </Table.Tr>
        )}
      />
    </>
  );
}
