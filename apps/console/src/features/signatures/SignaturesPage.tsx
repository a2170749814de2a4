import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, SegmentedControl, Select, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileSpreadsheet, IconSearch, IconSignature } from '@tabler/icons-react';
import { SIGNATURE_SORTS, SIGNATURE_TYPES, SIGNATURES_PAGE_SIZE } from '@lanebook/core/waiver-schemas';
import { Pager } from '../../components/Pager';
import { useSession } from '../../lib/session';
import { useUrlParams } from '../../lib/url-params';
import { notifyError } from '../../lib/notify';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { listSignaturesQuery, type SignatureListFilters } from './api/list-signatures';
import { exportSignaturesCsv } from './api/export-signatures-csv';
import { useSignatureFormat } from './format';
import { MinorBadge } from './MinorBadge';

const TYPE_OPTIONS = [
  { value: 'bookings', label: 'Bookings' },
  { value: 'walk-ins', label: 'Walk-ins' },
];
const SORT_LABELS: Record<SignatureListFilters['sort'], string> = { new: 'Newest', old: 'Oldest', az: 'A-Z', za: 'Z-A' };
const SORT_OPTIONS = SIGNATURE_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** /signatures: every signature of the venue, of bookings or walk-ins, searched by name, 100 a page, exported as CSV. */
export default function SignaturesPage() {
  const session = useSession();
  const navigate = useNavigate();
  const format = useSignatureFormat();
  const { params, setParam, clear } = useUrlParams();
  const type = oneOf(SIGNATURE_TYPES, params.get('type'), 'bookings');
  const sort = oneOf(SIGNATURE_SORTS, params.get('sort'), 'new');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const filters: SignatureListFilters = { type, sort, search: (search.trim() && debouncedSearch) || undefined, page };
  const signatures = useQuery(listSignaturesQuery(session.venueId, filters));
  const exportCsv = useMutation({ mutationFn: () => exportSignaturesCsv(filters), onError: notifyError });

  const open = (id: string) => `/signatures/${id}`;

  return (
    <>
      <PageHeader
        title="Signatures"
        description={
          <Anchor component={Link} to="/waivers" size="sm">
            Waivers
          </Anchor>
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => exportCsv.mutate()}
            loading={exportCsv.isPending}
            data-testid="export-csv"
          >
            Raw export to CSV
          </Button>
        }
      />

      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Type"
          data={TYPE_OPTIONS}
          value={type}
          onChange={(value) => setParam({ type: value === 'bookings' ? null : value })}
        />
        <TextInput
          label="Search"
          placeholder="Name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setParam({ search: event.currentTarget.value })}
          w={{ base: '100%', xs: 260 }}
          type="search"
        />
        <Select
          label="Sort"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(value) => setParam({ sort: value === 'new' ? null : value })}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
      </Group>

      <QueryTable
        query={signatures}
        label="Signatures"
        columns={['Name', 'Email', type === 'bookings' ? 'Booking' : 'Walk-in', 'Signed at', { label: 'Minor', visuallyHidden: true }]}
        minWidth={760}
        empty={
          page > 1
            ? null
            : {
                icon: <IconSignature size={28} />,
                title: search ? 'No signatures match' : 'No signatures yet',
                description: search ? 'Try another name.' : 'Signed waivers show here.',
                action: search ? (
                  <Button variant="default" onClick={clear}>
                    Clear filters
                  </Button>
                ) : null,
                testId: 'signatures-empty',
              }
        }
        renderRow={(signature) => (
          <Table.Tr data-testid="signature-row" style={{ cursor: 'pointer' }} onClick={() => navigate(open(signature.id))}>
            <Table.Td>
              <Anchor component={Link} to={open(signature.id)} fw={500} onClick={(event) => event.stopPropagation()}>
                {signature.fullName || `${signature.firstName} ${signature.lastName}`}
              </Anchor>
            </Table.Td>
            <Table.Td>{signature.email}</Table.Td>
            <Table.Td>{signature.bookingReference ?? (signature.isWalkIn ? 'Walk-in' : '—')}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(signature.createdAt)}</Table.Td>
            <Table.Td>{signature.isMinor ? <MinorBadge /> : null}</Table.Td>
          </Table.Tr>
        )}
        below={(data) => (
          <Pager
            pageSize={SIGNATURES_PAGE_SIZE}
            noun="signatures"
            page={page}
            total={data.total}
            onChange={(next) => setParam({ page: next > 1 ? String(next) : null })}
          />
        )}
      />
    </>
  );
}
