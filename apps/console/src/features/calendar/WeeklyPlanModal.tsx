import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { PopulateAnswer } from '@lanebook/core/calendar-schemas';
import { addDays, daysBetween, MAX_POPULATE_DAYS, planSlots, WALL_TIME } from '@lanebook/core/calendar';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { calendarKey } from './api/keys';
import { slotGroupsQuery } from './api/list-slot-groups';
import type { CalendarProduct } from './api/list-products';
import { populateSlotGroup } from './api/populate-slot-group';
import { saveSlotGroup } from './api/save-slot-group';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface TemplateRow {
  id?: string;
  weekday: number;
  from: string;
  to: string;
  isPrivate: boolean;
  isVisibleOnline: boolean;
}

/**
 * The console edits a product's first slot group as its weekly plan; a product without one gets
 * a group under an id derived from the product when the plan is first saved.
 */
const planGroupId = (productId: string) => `plan-${productId}`;

/** A product's weekly plan: its templates, saved as the product's slot group, then populated for a date range. */
export function WeeklyPlanModal({
  opened,
  onClose,
  products,
  initialProductId,
  today,
  venueNonWorkingDates,
}: {
  venueNonWorkingDates: string[];
  opened: boolean;
  onClose: () => void;
  products: CalendarProduct[];
  initialProductId: string | null;
  today: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Weekly plan" size="xl">
      {opened ? (
        <PlanForm products={products} initialProductId={initialProductId} today={today} venueNonWorkingDates={venueNonWorkingDates} />
      ) : null}
    </Modal>
  );
}

function PlanForm({
  products,
  initialProductId,
  today,
  venueNonWorkingDates,
}: {
  products: CalendarProduct[];
  initialProductId: string | null;
  today: string;
  venueNonWorkingDates: string[];
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const firstDay = session.me?.venue?.firstDayOfWeek ?? 0;
  const [productId, setProductId] = useState<string | null>(initialProductId ?? products[0]?.id ?? null);
  const groups = useQuery(slotGroupsQuery(session.venueId, productId));
  const group = groups.data?.items[0];
  const groupId = group?.id ?? (productId ? planGroupId(productId) : null);
  const [startDate, setStartDate] = useState(today);
  const [rows, setRows] = useState<TemplateRow[]>([]);
  // The form starts from the product's saved plan once it has loaded (and again for another product).
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  if (productId && groups.data && loadedFor !== productId) {
    setLoadedFor(productId);
    setStartDate(group?.startDate ?? today);
    setRows(group?.templates ?? []);
  }
  const [range, setRange] = useState({ from: today, to: addDays(today, 6) });
  const [answer, setAnswer] = useState<PopulateAnswer | null>(null);
  const canEdit = session.can('calendar.edit');
  const canPopulate = session.can('calendar.create');
  const weekdayOptions = WEEKDAYS.map((_, i) => (i + firstDay) % 7).map((d) => ({ value: String(d), label: WEEKDAYS[d]! }));

  const chooseProduct = (id: string | null) => {
    setProductId(id);
    setLoadedFor(null);
    setRows([]);
    setAnswer(null);
  };
  const patch = (i: number, change: Partial<TemplateRow>) => setRows(rows.map((row, j) => (j === i ? { ...row, ...change } : row)));

  const save = useMutation({
    mutationFn: () =>
      saveSlotGroup(productId!, groupId!, {
        startDate,
        templates: rows.map((row) => ({ ...row, breakTime: null, price: null, fixedPrice: null, groupsBasedPrice: null })),
      }),
    onSuccess: async (saved) => {
      setRows(saved.templates);
      notifySuccess('Weekly plan saved');
      await queryClient.invalidateQueries({ queryKey: slotGroupsQuery(session.venueId, saved.productId).queryKey });
    },
    onError: notifyError,
  });
  const populate = useMutation({
    mutationFn: () => populateSlotGroup(productId!, groupId!, range),
    onSuccess: async (result) => {
      setAnswer(result);
      notifySuccess('Plan populated');
      await queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) });
    },
    onError: notifyError,
  });

  return (
    <Stack gap="md">
      <Group grow align="flex-end">
        <Select
          label="Product"
          data={products.map((p) => ({ value: p.id, label: p.name }))}
          value={productId}
          onChange={chooseProduct}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label="Plan starts on"
          value={startDate}
          onChange={(e) => setStartDate(e.currentTarget.value)}
          readOnly={!canEdit}
        />
      </Group>
      <Table aria-label="Plan templates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Weekday</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Private</Table.Th>
            <Table.Th>Visible online</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                <Select
                  aria-label={`Weekday of row ${i + 1}`}
                  data={weekdayOptions}
                  value={String(row.weekday)}
                  onChange={(v) => patch(i, { weekday: Number(v ?? 0) })}
                  allowDeselect={false}
                  readOnly={!canEdit}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  type="time"
                  aria-label={`From of row ${i + 1}`}
                  value={row.from}
                  onChange={(e) => patch(i, { from: e.currentTarget.value })}
                  readOnly={!canEdit}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  type="time"
                  aria-label={`To of row ${i + 1}`}
                  value={row.to}
                  onChange={(e) => patch(i, { to: e.currentTarget.value })}
                  readOnly={!canEdit}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={`Private, row ${i + 1}`}
                  checked={row.isPrivate}
                  onChange={(e) => patch(i, { isPrivate: e.currentTarget.checked })}
                  disabled={!canEdit}
                />
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Visible online, row ${i + 1}`}
                  checked={row.isVisibleOnline}
                  onChange={(e) => patch(i, { isVisibleOnline: e.currentTarget.checked })}
                  disabled={!canEdit}
                />
              </Table.Td>
              <Table.Td>
                {canEdit ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove row ${i + 1}`}
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No slots in this plan yet.
        </Text>
      ) : null}
      {canEdit ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              const last = rows.at(-1);
              setRows([
                ...rows,
                {
                  weekday: last?.weekday ?? firstDay,
                  from: last?.to ?? '10:00',
                  to: nextHour(last?.to ?? '10:00'),
                  isPrivate: false,
                  isVisibleOnline: true,
                },
              ]);
            }}
          >
            Add row
          </Button>
          <Button variant="light" onClick={() => setRows(everyDay(rows))} disabled={rows.length === 0}>
            Copy to every day
          </Button>
          <Button disabled={!productId} loading={save.isPending} onClick={() => save.mutate()}>
            Save plan
          </Button>
        </Group>
      ) : null}
      {canPopulate ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Populate
          </Title>
          <Group align="flex-end">
            <TextInput
              type="date"
              label="Populate from"
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="Populate to"
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
            />
            <Button disabled={!productId} loading={populate.isPending} onClick={() => populate.mutate()}>
              Populate
            </Button>
          </Group>
        </Stack>
      ) : null}
      {canPopulate && productId ? (
        <PopulatePreview
          rows={rows}
          startDate={startDate}
          range={range}
          product={products.find((p) => p.id === productId)}
          timeZone={session.me?.venue?.timezone ?? 'UTC'}
          venueNonWorkingDates={venueNonWorkingDates}
        />
      ) : null}
      {answer ? <PopulateResult answer={answer} /> : null}
    </Stack>
  );
}

const nextHour = (time: string) => `${String(Math.min(Number(time.slice(0, 2)) + 1, 23)).padStart(2, '0')}${time.slice(2)}`;

/** The first weekday's rows copied to all seven days (replacing the other days' rows). */
function everyDay(rows: TemplateRow[]): TemplateRow[] {
  const weekday = rows[0]!.weekday;
  const day = rows.filter((r) => r.weekday === weekday).map(({ id: _id, ...row }) => row);
  return [0, 1, 2, 3, 4, 5, 6].flatMap((d) => day.map((row) => ({ ...row, weekday: d })));
}

function PopulateResult({ answer }: { answer: PopulateAnswer }) {
  return (
    <Alert title="Populate result" data-testid="populate-result">
      <Text size="sm">
        Created {answer.created}, updated {answer.updated}, deleted {answer.deleted}, kept booked {answer.keptBooked.length}, skipped{' '}
        {answer.skipped.length}
      </Text>
      {answer.keptBooked.length ? (
        <List size="sm">
          {answer.keptBooked.map((s) => (
            <List.Item key={s.id}>
              Kept (booked): {s.date} {s.from}–{s.to}
            </List.Item>
          ))}
        </List>
      ) : null}
      {answer.skipped.length ? (
        <List size="sm">
          {answer.skipped.map((s, i) => (
            <List.Item key={i}>
              Skipped {s.date}
              {s.from ? ` ${s.from}` : ''}: {s.reason}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

/**
 * What populate will make, worked out here with the same rules (planSlots): slots per plan, and
 * the dates it leaves out. Booked slots that would change are only known from populate's answer.
 */
function PopulatePreview(props: {
  rows: TemplateRow[];
  startDate: string;
  range: { from: string; to: string };
  product: CalendarProduct | undefined;
  timeZone: string;
  venueNonWorkingDates: string[];
}) {
  const { rows, startDate, range, product, timeZone, venueNonWorkingDates } = props;
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(range.from) &&
    /^\d{4}-\d{2}-\d{2}$/.test(range.to) &&
    /^\d{4}-\d{2}-\d{2}$/.test(startDate) &&
    rows.every((r) => WALL_TIME.test(r.from) && WALL_TIME.test(r.to) && r.from < r.to);
  if (!valid || !product) return null;
  const days = daysBetween(range.from, range.to) + 1;
  if (days < 1 || days > MAX_POPULATE_DAYS) return null;
  const plan = planSlots({
    startDate,
    templates: rows.map((r, i) => ({
      ...r,
      id: r.id ?? `new-${i}`,
      breakTime: null,
      price: null,
      fixedPrice: null,
      groupsBasedPrice: null,
    })),
    from: range.from,
    to: range.to,
    timeZone,
    nonWorkingDays: product.nonWorkingDays ?? [],
    holidays: product.holidays ?? [],
    venueNonWorkingDates,
  });
  const dates = new Set(plan.slots.map((s) => s.date));
  return (
    <Text size="sm" c="dimmed" data-testid="populate-preview">
      Preview: the plan makes {plan.slots.length} slot{plan.slots.length === 1 ? '' : 's'} on {dates.size} day
      {dates.size === 1 ? '' : 's'} from {range.from} to {range.to}
      {plan.skipped.length ? `; ${plan.skipped.length} left out (${[...new Set(plan.skipped.map((s) => s.reason))].join(', ')})` : ''}.
    </Text>
  );
}
