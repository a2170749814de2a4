import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, MultiSelect, SegmentedControl, Stack, Text, TextInput, Title, useMantineTheme } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconCalendarOff, IconChevronDown, IconChevronUp, IconListDetails, IconPlus, IconSearch } from '@tabler/icons-react';
import type { Calendar } from '@event-calendar/core';
import { addDays, minutesOf, venueToday, wallClockOf, wallTimeOf } from '@lanebook/core/calendar';
import { findBookingsQuery } from '../../lib/booking-search';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../components/PageHeader';
import { LoadError } from '../../components/LoadError';
import { calendarQuery, type CalendarRange } from './api/get-calendar';
import { calendarLanesQuery } from './api/list-lanes';
import { calendarProductsQuery } from './api/list-products';
import { AddSlotModal, type NewSlot } from './AddSlotModal';
import { AVAILABILITY_COLORS, AVAILABILITY_LABELS, availabilityColor, availabilityOf } from '@lanebook/core/availability';
import { formatWallTime, lastDayBefore, slotRanges, slotsOf, type SlotRange } from './availability';
import { BlockHint } from './BlockHint';
import { EventCalendar } from './EventCalendar';
import { OPEN_LANE_COLOR, readableBlock, STATUS_STYLE } from './lane-colors';
import { blockContent, type BlockText } from './calendar-a11y';
import {
  bookingBlockDetails,
  bookingBlockHint,
  bookingBlockMarks,
  bookingBlockName,
  freeLaneName,
  slotRangeLines,
  slotRangeName,
  type VenueFormats,
} from './calendar-labels';
import {
  freeCellAt,
  type FreeCell,
  laneBookings,
  laneMoveOf,
  laneScrollTime,
  localIsoDate,
  type LaneBooking,
  newBookingPath,
  readCalendarAddress,
  shownDateAfter,
  viewOfType,
  viewTypeOf,
  type CalendarView,
} from './lane-view';
import { MoveBookingModal, type DroppedBooking } from './MoveBookingModal';
import { NonWorkingDaysModal } from './NonWorkingDaysModal';
import { SlotDrawer } from './SlotDrawer';
import { WeeklyPlanModal } from './WeeklyPlanModal';

type Mode = 'slots' | 'lanes';
const SLOT_VIEWS = 'timeGridDay,timeGridWeek,dayGridMonth';
const NON_WORKING_COLOR = '#ffe3e3';
// The drawer reads the booking answer's presence rule (with zod): loaded when a booking is first clicked, not with the desk's home.
const BookingDrawer = lazy(() => import('./BookingDrawer').then((m) => ({ default: m.BookingDrawer })));
/** Marks the address changes the calendar makes itself (following its own moves), so only others move it. */
const OWN_ADDRESS = { calendarAddress: true } as const;
/** The lane view's search looks at one day: all of a day's bookings fit one answer (the list's largest page). */
const DAY_SEARCH_LIMIT = 200;
/** The pause after the last key before a search asks, as the booking list's. */
const TYPING_PAUSE_MS = 250;
/** The calendar reads a local Date as that wall-clock date; a new object each time makes it go there even when it went before. */
const dateOption = (date: string) => new Date(`${date}T00:00:00`);

/**
 * /calendar: the venue's slots by week (day and month too) with free and taken lanes, the weekly
 * plan, venue non-working days, and the lane day view, the front desk's home: a booking opens its
 * drawer, free lane time starts a booking. The address holds the view and the date
 * (/calendar?view=lanes&date=YYYY-MM-DD). @event-calendar/core draws the grid; every date and
 * time in it is the venue's wall clock.
 */
export default function CalendarPage() {
  const session = useSession();
  const theme = useMantineTheme();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const venue = session.me?.venue;
  const timeFormat = venue?.timeFormat ?? 12;
  const timezone = venue?.timezone ?? 'UTC';
  const today = venueToday(timezone);
  const address = readCalendarAddress(searchParams, today);
  // The calendar draws venue wall-clock times, but its "now" line follows the browser's clock: show
  // it only where the two agree (a desk at the venue), never a line hours off.
  const showNow = sameWallClock(venue?.timezone ?? 'UTC');
  const primary = theme.colors[theme.primaryColor]?.[6] ?? '#228be6';
  const formats = useMemo<VenueFormats>(() => ({ timeFormat, dateFormat: venue?.dateFormat }), [timeFormat, venue?.dateFormat]);

  const mode: Mode = address.view === 'lanes' ? 'lanes' : 'slots';
  const viewType = viewTypeOf(address.view);
  // Where "Slots" goes back to from the lane view.
  const lastSlotView = useRef<CalendarView>(address.view === 'lanes' ? 'week' : address.view);
  if (address.view !== 'lanes') lastSlotView.current = address.view;
  const [productIds, setProductIds] = useState<string[]>([]);
  const [dates, setDates] = useState<{ from: string; to: string } | null>(null);
  const [opened, setOpened] = useState<SlotRange | null>(null);
  const [openedBooking, setOpenedBooking] = useState<string | null>(null);
  const [newSlot, setNewSlot] = useState<NewSlot | null>(null);
  const [planOpen, setPlanOpen] = useState(false);
  const [closedOpen, setClosedOpen] = useState(false);
  // A booking block dropped elsewhere, and a count that gives each drop a question of its own.
  const [dropped, setDropped] = useState<(DroppedBooking & { n: number }) | null>(null);

  const range: CalendarRange | null = dates ? { ...dates, productIds } : null;
  const products = useQuery(calendarProductsQuery(session.venueId));
  const lanes = useQuery({ ...calendarLanesQuery(session.venueId), enabled: mode === 'lanes' && Boolean(session.venueId) });
  const calendar = useQuery(calendarQuery(session.venueId, range));
  // The lane view shows one day: its search finds that day's bookings with the booking list's search.
  const shownDay = mode === 'lanes' && dates && dates.from === dates.to ? dates.from : null;
  const [laneSearch, setLaneSearch] = useState('');
  const [laneAsked] = useDebouncedValue(laneSearch.trim(), TYPING_PAUSE_MS);
  const laneFound = useQuery({
    ...findBookingsQuery(session.venueId, laneAsked, shownDay ?? undefined, DAY_SEARCH_LIMIT),
    enabled: Boolean(session.venueId && laneAsked && shownDay),
  });
  const foundIds = useMemo(
    () => (laneAsked && shownDay && laneFound.data ? new Set(laneFound.data.items.map((booking) => booking.id)) : null),
    [laneAsked, shownDay, laneFound.data],
  );
  // A phone folds the page's header, filters and legend behind one button, so the grid starts on the first screen.
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [controlsOpen, setControlsOpen] = useState(false);
  const laneView = useRef<HTMLDivElement>(null);

  const productList = useMemo(() => products.data?.items ?? [], [products.data]);
  const productName = useMemo(() => new Map(productList.map((p) => [p.id, p.name])), [productList]);
  const slots = useMemo(() => slotsOf(calendar.data), [calendar.data]);
  const dayBookings = useMemo(() => laneBookings(slots), [slots]);
  const drawnFound = foundIds ? dayBookings.filter((booking) => foundIds.has(booking.id)) : null;
  const nonWorkingDays = useMemo(() => calendar.data?.nonWorkingDays ?? [], [calendar.data]);
  const ranges = useMemo(() => slotRanges(slots, viewType === 'timeGridWeek'), [slots, viewType]);
  const rangeByKey = useMemo(() => new Map(ranges.map((r) => [r.key, r])), [ranges]);

  const closedEvents = useMemo<Calendar.EventInput[]>(
    () =>
      nonWorkingDays.map((day) => ({
        id: `closed-${day}`,
        start: `${day}T00:00:00`,
        end: `${addDays(day, 1)}T00:00:00`,
        display: 'background',
        backgroundColor: NON_WORKING_COLOR,
        title: 'Non-working day',
        // Striped as well as tinted, and named for screen readers: closed is not told by colour alone.
        classNames: ['lanebook-closed'],
        extendedProps: { text: { label: 'Non-working day' } satisfies BlockText },
      })),
    [nonWorkingDays],
  );

  const slotEvents = useMemo<Calendar.EventInput[]>(
    () =>
      ranges.map((r) => {
        const facts = { ...r, productName: productName.get(r.productId) ?? 'Product', slotCount: r.slots.length };
        const lines = slotRangeLines(facts);
        const colors = readableBlock(availabilityColor(availabilityOf(r.lanesFree, r.lanesTotal), primary));
        const text: BlockText = { label: slotRangeName(facts, formats), lines };
        return {
          id: r.key,
          start: `${r.date}T${r.from}:00`,
          end: `${r.date}T${r.to}:00`,
          title: lines.join(' · '),
          backgroundColor: colors.background,
          textColor: colors.text,
          extendedProps: { rangeKey: r.key, text },
        };
      }),
    [ranges, productName, primary, formats],
  );

  // The lane day view: each lane a row; a product's slots shade its lanes (the free windows), bookings are blocks on them.
  const laneResources = useMemo<Calendar.ResourceInput[]>(() => {
    const chosen = productIds.length ? productList.filter((p) => productIds.includes(p.id)) : productList;
    const used = new Set(chosen.flatMap((p) => p.resources));
    const all = (lanes.data?.items ?? []).filter((lane) => productIds.length === 0 || used.has(lane.id));
    return all.map((lane) => ({ id: lane.id, title: lane.isPaused ? `${lane.id} (paused)` : lane.id }));
  }, [lanes.data, productList, productIds]);

  // The products' lanes, in the filter's order when one is chosen (a click on a lane two products share books the first).
  const lanesOfProduct = useMemo(() => {
    const chosen = productIds.length ? productIds.flatMap((id) => productList.filter((p) => p.id === id)) : productList;
    return new Map(chosen.map((p) => [p.id, p.resources]));
  }, [productList, productIds]);

  const canBook = session.can('bookings.create');
  // A booking block can be dragged only where the drop is a real move (decision 028), by staff who may move bookings.
  const canMove = session.can('bookings.edit');
  const laneEvents = useMemo<Calendar.EventInput[]>(
    () => [
      // One window a lane, so free lane time is a block the keyboard reaches on its own lane (the
      // id carries whether it is free: a window taken meanwhile is drawn anew, without its button).
      ...slots.flatMap((slot) =>
        (lanesOfProduct.get(slot.productId) ?? []).map((lane) => {
          const free = canBook && slot.unavailableReason === null && !slot.bookings.some((b) => b.resourceIds.includes(lane));
          const name = freeLaneName({ ...slot, lane, productName: productName.get(slot.productId) ?? '' }, formats);
          return {
            id: `window-${slot.id}-${lane}-${free ? 'free' : 'held'}`,
            start: `${slot.date}T${slot.from}:00`,
            end: `${slot.date}T${slot.to}:00`,
            resourceIds: [lane],
            display: 'background' as const,
            backgroundColor: OPEN_LANE_COLOR,
            extendedProps: free ? { freeCell: { productId: slot.productId, slotId: slot.id, laneId: lane }, text: { label: name } } : {},
          };
        }),
      ),
      ...dayBookings.map((booking) => {
        const facts = { ...booking, lanes: booking.resourceIds, productName: productName.get(booking.productId) ?? '' };
        const colors = STATUS_STYLE[booking.status] ?? readableBlock(primary);
        // The customer first, whole where the block is wide enough; the marks; the rest; all of it on hover and focus.
        const text: BlockText = {
          label: bookingBlockName(facts, formats),
          lead: facts.name || 'No name',
          marks: bookingBlockMarks(facts),
          lines: [bookingBlockDetails(facts)],
          hint: bookingBlockHint(facts, formats),
        };
        return {
          id: `booking-${booking.id}-${booking.date}`,
          start: `${booking.date}T${booking.from}:00`,
          end: `${booking.date}T${booking.to}:00`,
          resourceIds: booking.resourceIds,
          title: text.hint,
          backgroundColor: colors.background,
          textColor: colors.text,
          // While the lane view's search has an answer, what it found stands out and the rest steps back.
          classNames: ['lanebook-booking', ...(foundIds ? [foundIds.has(booking.id) ? 'lanebook-found' : 'lanebook-not-found'] : [])],
          startEditable: canMove,
          extendedProps: { bookingId: booking.id, text, laneBooking: booking },
        };
      }),
    ],
    [slots, dayBookings, foundIds, lanesOfProduct, productName, primary, formats, canBook, canMove],
  );

  const timeOptions = useMemo<Intl.DateTimeFormatOptions>(
    () => ({ hour: 'numeric', minute: '2-digit', hour12: timeFormat === 12 }),
    [timeFormat],
  );
  const toolbar = useMemo(() => ({ start: 'prev,next venueToday', center: 'title', end: mode === 'lanes' ? '' : SLOT_VIEWS }), [mode]);

  // The calendar moves itself (prev, next, its view buttons) and the address follows; the
  // address moves the calendar only when someone else changed it (a link, the view switch, a
  // menu click), never with a value the calendar wrote a moment ago (quick clicks would be pulled back).
  const [shownDate, setShownDate] = useState<string | Date>(address.date);
  const [followedKey, setFollowedKey] = useState(location.key);
  if (location.key !== followedKey) {
    setFollowedKey(location.key);
    if ((location.state as typeof OWN_ADDRESS | null)?.calendarAddress !== true) setShownDate(dateOption(address.date));
  }
  const writeAddress = (view: CalendarView, date: string, own: boolean) => {
    const current = new URLSearchParams(window.location.search);
    if (current.get('view') === view && current.get('date') === date) return;
    current.set('view', view);
    current.set('date', date);
    void navigate({ search: current.toString() }, { replace: true, state: own ? OWN_ADDRESS : null });
  };
  const switchMode = (next: Mode) => writeAddress(next === 'lanes' ? 'lanes' : lastSlotView.current, address.date, false);

  // The calendar's own "today" is the browser's date; the venue's may differ (late evening in New
  // York is already tomorrow in UTC), so "today" goes to the venue's today.
  const customButtons = useMemo(() => ({ venueToday: { text: 'today', click: () => setShownDate(dateOption(today)) } }), [today]);

  // The lane view opens on now (today) or on the day's first booking, once per day shown: a
  // booking arriving later does not pull the desk's scroll away.
  const dayLoaded = shownDay !== null && calendar.data !== undefined && !calendar.isPlaceholderData && range?.from === shownDay;
  const [laneScroll, setLaneScroll] = useState<{ date: string; time: string } | null>(null);
  if (dayLoaded && laneScroll?.date !== shownDay) {
    const now = wallClockOf(new Date(), timezone).time;
    setLaneScroll({ date: shownDay, time: laneScrollTime({ date: shownDay, today, now, slots }) });
  }

  const events = useMemo(
    () => (mode === 'lanes' ? laneEvents : [...closedEvents, ...slotEvents]),
    [mode, laneEvents, closedEvents, slotEvents],
  );
  const singleProduct = productIds.length === 1 ? productIds[0]! : null;
  const canCreate = session.can('calendar.create');

  const bookFreeCell = (laneId: string, dateStr: string) => {
    if (!session.can('bookings.create')) return;
    const cell = freeCellAt(slots, lanesOfProduct, laneId, dateStr.slice(0, 10), dateStr.slice(11, 16));
    if (cell) void navigate(newBookingPath(cell));
  };

  const openAdd = (date: string, from: string, to: string) => {
    if (!canCreate || mode !== 'slots') return;
    setNewSlot({ date, from, to, productId: singleProduct });
  };

  // Free lane time is a button for the keyboard: Enter or Space books it like a click does.
  const openFreeCell = useRef((cell: FreeCell) => void navigate(newBookingPath(cell)));
  openFreeCell.current = (cell: FreeCell) => void navigate(newBookingPath(cell));

  const options: Calendar.Options = {
    view: viewType,
    headerToolbar: toolbar,
    buttonText: (text) => ({ ...text, timeGridDay: 'Day', timeGridWeek: 'Week', dayGridMonth: 'Month', resourceTimelineDay: 'Lanes' }),
    firstDay: (venue?.firstDayOfWeek ?? 0) as Calendar.dayOfWeek,
    date: shownDate,
    customButtons,
    height: mode === 'lanes' ? 'auto' : '75vh',
    allDaySlot: false,
    // A month cell shows a few slots and "+N more" rather than growing with every product's slots.
    dayMaxEvents: true,
    nowIndicator: showNow,
    scrollTime: mode === 'lanes' ? (laneScroll?.time ?? '08:00:00') : '08:00:00',
    slotDuration: '00:30:00',
    slotLabelFormat: timeOptions,
    eventTimeFormat: timeOptions,
    slotWidth: 56,
    selectable: canCreate && mode === 'slots',
    // Nothing is dragged or resized but a booking on the lane view (its startEditable), whose drop asks the move's question.
    eventStartEditable: false,
    eventDurationEditable: false,
    eventDrop: (info) => {
      const booking = info.event.extendedProps.laneBooking as LaneBooking | undefined;
      if (!booking) return info.revert();
      const start = info.event.start;
      const ask = laneMoveOf({
        booking,
        slots,
        productLanes: lanesOfProduct.get(booking.productId) ?? [],
        date: localIsoDate(start),
        time: wallTimeOf(start.getHours() * 60 + start.getMinutes()),
        fromLane: info.oldResource ? String(info.oldResource.id) : undefined,
        toLane: info.newResource ? String(info.newResource.id) : undefined,
        timeLabel: (time) => formatWallTime(time, timeFormat),
      });
      if (!ask) return info.revert();
      const held = booking.slotIds.map((id) => slots.find((slot) => slot.id === id)).filter((slot) => slot !== undefined);
      const before = { startsAt: held[0]?.startsAt ?? '', endsAt: held.at(-1)?.endsAt ?? '', resourceIds: booking.resourceIds };
      setDropped((previous) => ({ bookingId: booking.id, before, ask, revert: info.revert, n: (previous?.n ?? 0) + 1 }));
    },
    events,
    eventContent: (info) => blockContent(info.event.extendedProps.text, info.timeText),
    eventDidMount: (info) => {
      const cell = info.event.extendedProps.freeCell as FreeCell | undefined;
      if (!cell) return;
      info.el.setAttribute('role', 'button');
      info.el.tabIndex = 0;
      info.el.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        openFreeCell.current(cell);
      });
    },
    resources: laneResources,
    datesSet: (info) => {
      const next = { from: info.startStr.slice(0, 10), to: lastDayBefore(info.endStr) };
      setDates((prev) => (prev && prev.from === next.from && prev.to === next.to ? prev : next));
      const view = viewOfType(info.view.type);
      if (!view) return;
      // The address's date before this move (it may be ahead of this render's): kept while still shown.
      const previous = readCalendarAddress(new URLSearchParams(window.location.search), today).date;
      writeAddress(view, shownDateAfter(previous, localIsoDate(info.view.currentStart), localIsoDate(info.view.currentEnd)), true);
    },
    eventClick: (info) => {
      const bookingId = info.event.extendedProps.bookingId;
      if (typeof bookingId === 'string') {
        setOpenedBooking(bookingId);
        return;
      }
      const key = info.event.extendedProps.rangeKey;
      if (typeof key !== 'string') return;
      const found =
        rangeByKey.get(key) ??
        slotRanges(
          slots.filter((s) => s.id === key),
          false,
        )[0];
      if (found) setOpened(found);
    },
    dateClick: (info) => {
      if (info.allDay) return;
      if (mode === 'lanes') {
        if (info.resource) bookFreeCell(String(info.resource.id), info.dateStr);
        return;
      }
      const from = info.dateStr.slice(11, 16);
      openAdd(info.dateStr.slice(0, 10), from, wallTimeOf(Math.min(minutesOf(from) + 60, 23 * 60 + 59)));
    },
    select: (info) => {
      const sameDay = info.startStr.slice(0, 10) === info.endStr.slice(0, 10);
      openAdd(info.startStr.slice(0, 10), info.startStr.slice(11, 16), sameDay ? info.endStr.slice(11, 16) : '23:59');
    },
  };

  // A search's answer scrolls the lane view to the first booking it found (once the calendar has drawn its mark).
  useEffect(() => {
    if (!foundIds || foundIds.size === 0) return;
    const frame = requestAnimationFrame(() =>
      laneView.current?.querySelector('.lanebook-found')?.scrollIntoView({ block: 'nearest', inline: 'center' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [foundIds]);
  const focusFirstFound = () => laneView.current?.querySelector<HTMLElement>('.lanebook-found')?.focus();

  const description =
    mode === 'lanes'
      ? 'Each lane of the day; click a booking for its details and check-in, click free lane time to book it (Tab or the arrow keys move between them, Enter opens).'
      : 'Slots with their free and taken lanes; click a slot for its details, click empty time to add one (Tab or the arrow keys move between slots, Enter opens).';
  const folded = isPhone && !controlsOpen;
  const pageActions = (
    <>
      {canCreate && mode === 'slots' ? (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => openAdd(address.date, '09:00', '10:00')}>
          Add slot
        </Button>
      ) : null}
      {session.can('calendar.edit') || canCreate ? (
        <Button
          leftSection={<IconListDetails size={16} />}
          onClick={() => setPlanOpen(true)}
          disabled={productList.length === 0}
          data-tour="weekly-plan"
        >
          Weekly plan
        </Button>
      ) : null}
      {session.can('calendar.setNonWorkingDays') ? (
        <Button variant="light" leftSection={<IconCalendarOff size={16} />} onClick={() => setClosedOpen(true)}>
          Non-working days
        </Button>
      ) : null}
    </>
  );

  const laneSearchBox =
    mode === 'lanes' ? (
      <Stack gap={4} miw={isPhone ? undefined : 260} style={isPhone ? undefined : { flex: '0 1 320px' }}>
        <TextInput
          type="search"
          label="Find on this day"
          placeholder="Name, email, phone or reference"
          leftSection={<IconSearch size={16} />}
          value={laneSearch}
          onChange={(event) => setLaneSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            focusFirstFound();
          }}
          autoComplete="off"
        />
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="lane-search-status">
          {drawnFound === null
            ? ''
            : drawnFound.length === 0
              ? 'No booking on this day matches: Search bookings in the header looks on every day.'
              : `${drawnFound.length} found on this day, marked; Enter moves to the first.`}
        </Text>
      </Stack>
    ) : null;

  return (
    <Stack gap="md">
      {isPhone ? (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={1} size="h3">
            Calendar
          </Title>
          <Button
            variant="default"
            size="xs"
            rightSection={controlsOpen ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={controlsOpen}
            aria-controls="calendar-controls"
            onClick={() => setControlsOpen((open) => !open)}
          >
            {controlsOpen ? 'Hide filters and legend' : 'Filters and legend'}
          </Button>
        </Group>
      ) : null}
      {isPhone ? laneSearchBox : null}
      <Stack gap="md" id="calendar-controls" display={folded ? 'none' : undefined}>
        {isPhone ? (
          <>
            <Text c="dimmed">{description}</Text>
            <Group gap="sm">{pageActions}</Group>
          </>
        ) : (
          <PageHeader title="Calendar" description={description} actions={pageActions} />
        )}
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <MultiSelect
            label="Products"
            placeholder={productIds.length ? undefined : 'All products'}
            data={productList.map((p) => ({ value: p.id, label: p.name }))}
            value={productIds}
            onChange={setProductIds}
            clearable
            searchable
            miw={260}
          />
          <SegmentedControl
            aria-label="Calendar view"
            value={mode}
            onChange={(value) => switchMode(value as Mode)}
            data={[
              { value: 'slots', label: 'Slots' },
              { value: 'lanes', label: 'Lane day view' },
            ]}
          />
          {isPhone ? null : laneSearchBox}
        </Group>
        {mode === 'lanes' ? (
          <Group gap="md" data-testid="calendar-legend">
            {Object.values(STATUS_STYLE).map((style) => (
              <Legend key={style.label} color={style.background} label={style.label} />
            ))}
            <Legend color={OPEN_LANE_COLOR} label="Free lane time" />
          </Group>
        ) : (
          <Group gap="md" data-testid="calendar-legend">
            <Legend
              color={readableBlock(primary).background}
              label={`${AVAILABILITY_LABELS.high}: over half the lanes free (any, with 1 or 2 lanes)`}
            />
            <Legend
              color={readableBlock(AVAILABILITY_COLORS.moderate).background}
              label={`${AVAILABILITY_LABELS.moderate}: half the lanes free or less`}
            />
            <Legend
              color={readableBlock(AVAILABILITY_COLORS.low).background}
              label={`${AVAILABILITY_LABELS.low}: a quarter free or less, or ${AVAILABILITY_LABELS.full.toLowerCase()}`}
            />
            <Legend color={NON_WORKING_COLOR} label="Non-working day" striped />
          </Group>
        )}
      </Stack>
      {calendar.isError ? <LoadError error={calendar.error} onRetry={() => void calendar.refetch()} /> : null}
      <div
        ref={laneView}
        className={mode === 'lanes' ? 'lanebook-lane-view' : undefined}
        data-testid={mode === 'lanes' ? 'lane-view' : 'slot-view'}
      >
        <BlockHint>
          <EventCalendar options={options} label={mode === 'lanes' ? 'Lane day view' : 'Slots calendar'} />
        </BlockHint>
      </div>
      <SlotDrawer range={opened} productName={opened ? (productName.get(opened.productId) ?? '') : ''} onClose={() => setOpened(null)} />
      {openedBooking ? (
        <Suspense fallback={null}>
          <BookingDrawer bookingId={openedBooking} productName={(id) => productName.get(id) ?? ''} onClose={() => setOpenedBooking(null)} />
        </Suspense>
      ) : null}
      {dropped ? <MoveBookingModal key={dropped.n} dropped={dropped} onClose={() => setDropped(null)} /> : null}
      <AddSlotModal initial={newSlot} products={productList} onClose={() => setNewSlot(null)} />
      <WeeklyPlanModal
        opened={planOpen}
        onClose={() => setPlanOpen(false)}
        products={productList}
        initialProductId={singleProduct}
        today={today}
        venueNonWorkingDates={nonWorkingDays}
      />
      {closedOpen ? (
        <NonWorkingDaysModal opened onClose={() => setClosedOpen(false)} known={nonWorkingDays} initialDate={dates?.from ?? today} />
      ) : null}
    </Stack>
  );
}

function Legend({ color, label, striped = false }: { color: string; label: string; striped?: boolean }) {
  return (
    <Group gap={6}>
      <span
        className={striped ? 'lanebook-closed-swatch' : undefined}
        style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 3, backgroundColor: color }}
        aria-hidden
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

function sameWallClock(timeZone: string, now = new Date()): boolean {
  const venue = wallClockOf(now, timeZone);
  const local = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return venue.date === local && venue.time === wallTimeOf(now.getHours() * 60 + now.getMinutes());
}
