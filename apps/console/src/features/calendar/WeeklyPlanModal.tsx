import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NativeSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { PopulateAnswer, PopulateRun } from '@lanebook/core/calendar-schemas';
import { addDays, daysBetween, MAX_POPULATE_DAYS, planSlots, WALL_TIME } from '@lanebook/core/calendar';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { keepPopulated } from './api/keep-populated';
import { calendarKey } from './api/keys';
import { slotGroupsQuery } from './api/list-slot-groups';
import type { CalendarProduct } from './api/list-products';
import { populateSlotGroup } from './api/populate-slot-group';
import { saveSlotGroup } from './api/save-slot-group';
import { defaultHours, draftOf, hoursOf, OpeningHoursForm, rowsOfHours, WEEKDAYS, type HoursDraft } from './OpeningHoursForm';

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

/**
 * A product's weekly plan: written as opening hours that make its rows, or row by row; saved as
 * the product's slot group in one request (as hours when the rows are what the hours make), then
 * populated for a date range or kept populated N weeks ahead (decision 034).
 */
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
  // A large populate runs in the background (202): its progress is the group's, read again every second while it runs.
  const groups = useQuery({
    ...slotGroupsQuery(session.venueId, productId),
    refetchInterval: (query) => (query.state.data?.items[0]?.populate?.state === 'running' ? 1000 : false),
  });
  const group = groups.data?.items[0];
  const groupId = group?.id ?? (productId ? planGroupId(productId) : null);
  const [startDate, setStartDate] = useState(today);
  const [rows, setRows] = useState<TemplateRow[]>([]);
  const [hours, setHours] = useState<HoursDraft>(defaultHours);
  const [weeksAhead, setWeeksAhead] = useState<number | string>(4);
  // Rows made from the hours are summed up, not listed, until asked for: the plan's 70 inputs are not drawn for nothing.
  const [showRows, setShowRows] = useState(true);
  // The form starts from the product's saved plan once it has loaded (and again for another product).
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  if (productId && groups.data && loadedFor !== productId) {
    setLoadedFor(productId);
    setStartDate(group?.startDate ?? today);
    setRows(group?.templates ?? []);
    setHours(group?.openingHours ? draftOf(group.openingHours) : defaultHours());
    setWeeksAhead(group?.populateWeeksAhead ?? 4);
    setShowRows(!group?.openingHours);
  }
  // Until the product's saved plan has loaded, rows added would be replaced by it: editing waits.
  const planLoaded = !productId || loadedFor === productId;
  const [range, setRange] = useState({ from: today, to: addDays(today, 6) });
  const [answer, setAnswer] = useState<PopulateAnswer | PopulateRun | null>(null);
  // The background run this form started and waits for: when it ends, its result shows and the calendar is read again.
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const run = group?.populate ?? null;
  const runEnded = waitingFor !== null && run?.id === waitingFor && run.state !== 'running';
  if (runEnded) {
    setWaitingFor(null);
    setAnswer(run);
  }
  useEffect(() => {
    if (answer && 'state' in answer) void queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) });
  }, [answer, queryClient, session.venueId]);
  /** A populate answered at once shows its result; one left to the background is waited for. */
  const started = async (populated: PopulateAnswer | null | undefined, background: PopulateRun | null | undefined) => {
    if (background?.state === 'running') {
      setAnswer(null);
      setWaitingFor(background.id);
      await queryClient.invalidateQueries({ queryKey: slotGroupsQuery(session.venueId, productId).queryKey });
    } else setAnswer(populated ?? null);
  };
  const canEdit = session.can('calendar.edit');
  const canPopulate = session.can('calendar.create');
  const weekdayOptions = useMemo(
    () => WEEKDAYS.map((_, i) => (i + firstDay) % 7).map((d) => ({ value: String(d), label: WEEKDAYS[d]! })),
    [firstDay],
  );

  const chooseProduct = (id: string | null) => {
    setProductId(id);
    setLoadedFor(null);
    setRows([]);
    setAnswer(null);
  };
  // Stable callbacks and memoized rows: a change to one row re-renders that row, not the plan's 70.
  const patch = useCallback(
    (i: number, change: Partial<TemplateRow>) => setRows((all) => all.map((row, j) => (j === i ? { ...row, ...change } : row))),
    [],
  );
  const remove = useCallback((i: number) => setRows((all) => all.filter((_, j) => j !== i)), []);

  const save = useMutation({
    mutationFn: () => {
      // Rows that are exactly what the hours make are saved as the hours (kept with the plan); rows changed by hand as rows.
      const openingHours = sameRows(rows, rowsOfHours(hours)) ? hoursOf(hours) : null;
      return saveSlotGroup(
        productId!,
        groupId!,
        openingHours
          ? {
              startDate,
              openingHours: { days: openingHours.days, slotMinutes: openingHours.slotMinutes, stepMinutes: openingHours.stepMinutes },
            }
          : {
              startDate,
              templates: rows.map((row) => ({ ...row, breakTime: null, price: null, fixedPrice: null, groupsBasedPrice: null })),
            },
      );
    },
    onSuccess: async (saved) => {
      setRows(saved.templates);
      if (saved.populated || saved.populate?.state === 'running') await started(saved.populated, saved.populate);
      notifySuccess('Weekly plan saved');
      await queryClient.invalidateQueries({ queryKey: slotGroupsQuery(session.venueId, saved.productId).queryKey });
      if (saved.populated) await queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) });
    },
    onError: notifyError,
  });
  const keep = useMutation({
    mutationFn: (weeks: number | null) => keepPopulated(productId!, groupId!, weeks),
    onSuccess: async (result) => {
      await started(result.populated, result.group.populate);
      notifySuccess(
        result.group.populateWeeksAhead ? `Kept populated ${result.group.populateWeeksAhead} weeks ahead` : 'No longer kept populated',
      );
      await queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) });
    },
    onError: notifyError,
  });
  const weeks = Number(weeksAhead);
  const weeksValid = weeksAhead !== '' && Number.isInteger(weeks) && weeks >= 1 && weeks <= 52;
  const populate = useMutation({
    mutationFn: () => populateSlotGroup(productId!, groupId!, range),
    onSuccess: async (result) => {
      if ('populate' in result) await started(null, result.populate);
      else setAnswer(result);
      notifySuccess('populate' in result ? 'Populating in the background' : 'Plan populated');
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
      <OpeningHoursForm
        draft={hours}
        onChange={setHours}
        onMakeRows={() => {
          setRows(rowsOfHours(hours) ?? rows);
          setShowRows(false);
        }}
        firstDay={firstDay}
        readOnly={!canEdit}
      />
      {showRows ? null : (
        <Group gap="xs">
          <Text size="sm" data-testid="plan-rows-summary">
            {rows.length} row{rows.length === 1 ? '' : 's'}
            {sameRows(rows, rowsOfHours(hours)) ? ', made from the opening hours.' : '.'}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => setShowRows(true)}>
            Show rows
          </Button>
        </Group>
      )}
      <Table aria-label="Plan templates" hidden={!showRows}>
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
          {(showRows ? rows : []).map((row, i) => (
            <PlanRow key={i} index={i} row={row} weekdayOptions={weekdayOptions} canEdit={canEdit} onPatch={patch} onRemove={remove} />
          ))}
        </Table.Tbody>
      </Table>
      {showRows && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No slots in this plan yet.
        </Text>
      ) : null}
      {canEdit ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={!planLoaded}
            onClick={() => {
              setShowRows(true);
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
          <Button
            variant="light"
            onClick={() => {
              setShowRows(true);
              setRows(everyDay(rows));
            }}
            disabled={!planLoaded || rows.length === 0}
          >
            Copy to every day
          </Button>
          <Button disabled={!productId || !planLoaded} loading={save.isPending} onClick={() => save.mutate()}>
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
          <Text size="sm" c="dimmed" data-testid="keep-populated-status">
            {group?.populateWeeksAhead
              ? `Kept populated ${group.populateWeeksAhead} week${group.populateWeeksAhead === 1 ? '' : 's'} ahead (through ${group.populatedThrough ?? '—'}): each new day is added by itself, closed days and holidays left out.`
              : group
                ? 'Or keep the calendar populated ahead: each new day is added by itself, no end date needed.'
                : 'Save the plan first to populate it or keep it populated ahead.'}
          </Text>
          <Group align="flex-end">
            <NumberInput
              label="Weeks ahead"
              min={1}
              max={52}
              allowDecimal={false}
              value={weeksAhead}
              onChange={setWeeksAhead}
              error={weeksValid ? undefined : 'Choose 1 to 52 weeks'}
              w={140}
            />
            <Button disabled={!group || !weeksValid} loading={keep.isPending} onClick={() => keep.mutate(weeks)}>
              Keep populated
            </Button>
            {group?.populateWeeksAhead ? (
              <Button variant="default" disabled={keep.isPending} onClick={() => keep.mutate(null)}>
                Stop keeping populated
              </Button>
            ) : null}
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
      {run?.state === 'running' ? (
        <Text size="sm" data-testid="populate-progress" role="status">
          Populating {run.from} to {run.to} in the background: {run.done} of {run.total} days done, {run.created} slots made.
        </Text>
      ) : null}
      {answer ? <PopulateResult answer={answer} /> : null}
    </Stack>
  );
}

/** Whether the rows are the ones the hours make (same days, times and flags, in any order). */
function sameRows(
  rows: TemplateRow[],
  made: { weekday: number; from: string; to: string; isPrivate: boolean; isVisibleOnline: boolean }[] | null,
) {
  if (!made || made.length !== rows.length || rows.length === 0) return false;
  const key = (r: (typeof made)[number]) => `${r.weekday} ${r.from} ${r.to} ${r.isPrivate} ${r.isVisibleOnline}`;
  const wanted = made.map(key).sort();
  return rows
    .map(key)
    .sort()
    .every((k, i) => k === wanted[i]);
}

/** One row of the plan: memoized, so typing in one row leaves the others alone. */
const PlanRow = memo(function PlanRow({
  index: i,
  row,
  weekdayOptions,
  canEdit,
  onPatch,
  onRemove,
}: {
  index: number;
  row: TemplateRow;
  weekdayOptions: { value: string; label: string }[];
  canEdit: boolean;
  onPatch: (i: number, change: Partial<TemplateRow>) => void;
  onRemove: (i: number) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <NativeSelect
          aria-label={`Weekday of row ${i + 1}`}
          data={weekdayOptions}
          value={String(row.weekday)}
          onChange={(e) => onPatch(i, { weekday: Number(e.currentTarget.value) })}
          disabled={!canEdit}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          type="time"
          aria-label={`From of row ${i + 1}`}
          value={row.from}
          onChange={(e) => onPatch(i, { from: e.currentTarget.value })}
          readOnly={!canEdit}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          type="time"
          aria-label={`To of row ${i + 1}`}
          value={row.to}
          onChange={(e) => onPatch(i, { to: e.currentTarget.value })}
          readOnly={!canEdit}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={`Private, row ${i + 1}`}
          checked={row.isPrivate}
          onChange={(e) => onPatch(i, { isPrivate: e.currentTarget.checked })}
          disabled={!canEdit}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Visible online, row ${i + 1}`}
          checked={row.isVisibleOnline}
          onChange={(e) => onPatch(i, { isVisibleOnline: e.currentTarget.checked })}
          disabled={!canEdit}
        />
      </Table.Td>
      <Table.Td>
        {canEdit ? (
          <ActionIcon variant="subtle" color="red" aria-label={`Remove row ${i + 1}`} onClick={() => onRemove(i)}>
            <IconTrash size={16} />
          </ActionIcon>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
});

const nextHour = (time: string) => `${String(Math.min(Number(time.slice(0, 2)) + 1, 23)).padStart(2, '0')}${time.slice(2)}`;

/** The first weekday's rows copied to all seven days (replacing the other days' rows). */
function everyDay(rows: TemplateRow[]): TemplateRow[] {
  const weekday = rows[0]!.weekday;
  const day = rows.filter((r) => r.weekday === weekday).map(({ id: _id, ...row }) => row);
  return [0, 1, 2, 3, 4, 5, 6].flatMap((d) => day.map((row) => ({ ...row, weekday: d })));
}

/** What populate did: answered at once (with the slots kept and the dates skipped), or a background run's counts. */
function PopulateResult({ answer }: { answer: PopulateAnswer | PopulateRun }) {
  const count = (value: number | unknown[]) => (typeof value === 'number' ? value : value.length);
  return (
    <Alert title="Populate result" data-testid="populate-result" color={'state' in answer && answer.state === 'failed' ? 'red' : undefined}>
      {'state' in answer && answer.state === 'failed' ? <Text size="sm">Stopped: {answer.message}</Text> : null}
      <Text size="sm">
        Created {answer.created}, updated {answer.updated}, deleted {answer.deleted}, kept booked {count(answer.keptBooked)}, skipped{' '}
        {count(answer.skipped)}
      </Text>
      {Array.isArray(answer.keptBooked) && answer.keptBooked.length ? (
        <List size="sm">
          {answer.keptBooked.map((s) => (
            <List.Item key={s.id}>
              Kept (booked): {s.date} {s.from}–{s.to}
            </List.Item>
          ))}
        </List>
      ) : null}
      {Array.isArray(answer.skipped) && answer.skipped.length ? (
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
