import { ActionIcon, Button, Checkbox, Group, List, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { WALL_TIME, type SlotTemplate } from '@lanebook/core/calendar';
import {
  openingHoursProblems,
  templatesOfOpeningHours,
  unusedMinutesOfRange,
  type OpeningHours,
  type OpeningRange,
} from '@lanebook/core/opening-hours';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The form's hours: all seven weekdays (by weekday number), open or closed, and the slot length and step as typed. */
export interface HoursDraft {
  days: { open: boolean; ranges: OpeningRange[] }[];
  slotMinutes: number | string;
  stepMinutes: number | string;
}

/** A new plan starts open 10:00-20:00 every day, hour-long slots every hour. */
export function defaultHours(): HoursDraft {
  return { days: WEEKDAYS.map(() => ({ open: true, ranges: [{ from: '10:00', to: '20:00' }] })), slotMinutes: 60, stepMinutes: 60 };
}

/** The form's hours from a saved plan's. */
export function draftOf(hours: Pick<OpeningHours, 'days' | 'slotMinutes' | 'stepMinutes'>): HoursDraft {
  return {
    days: WEEKDAYS.map((_, weekday) => {
      const ranges = hours.days.find((d) => d.weekday === weekday)?.ranges ?? [];
      return ranges.length ? { open: true, ranges } : { open: false, ranges: [{ from: '10:00', to: '20:00' }] };
    }),
    slotMinutes: hours.slotMinutes,
    stepMinutes: hours.stepMinutes,
  };
}

/** The hours as the API takes them (closed days left out), or null while the lengths are not numbers. */
export function hoursOf(draft: HoursDraft): OpeningHours | null {
  const slotMinutes = Number(draft.slotMinutes);
  const stepMinutes = Number(draft.stepMinutes);
  if (draft.slotMinutes === '' || draft.stepMinutes === '' || !Number.isInteger(slotMinutes) || !Number.isInteger(stepMinutes)) return null;
  return {
    days: draft.days.flatMap((day, weekday) => (day.open ? [{ weekday, ranges: day.ranges }] : [])),
    slotMinutes,
    stepMinutes,
    breakTime: null,
    price: null,
    fixedPrice: null,
    groupsBasedPrice: null,
    isPrivate: false,
    isVisibleOnline: true,
  };
}

/** What is wrong with the hours, in words: the server refuses the same (openingHoursProblems). */
export function problemsOf(draft: HoursDraft): string[] {
  const hours = hoursOf(draft);
  if (!hours) return ['Slot length and step must be whole minutes.'];
  const problems: string[] = [];
  if (hours.slotMinutes < 5 || hours.slotMinutes > 1439) problems.push('Slot length must be 5 to 1439 minutes.');
  if (hours.stepMinutes < 5 || hours.stepMinutes > 1439) problems.push('Step must be 5 to 1439 minutes.');
  for (const day of hours.days)
    for (const range of day.ranges)
      if (!WALL_TIME.test(range.from) || !WALL_TIME.test(range.to)) problems.push(`${WEEKDAYS[day.weekday]}: times must be HH:mm.`);
  if (problems.length) return problems;
  for (const problem of openingHoursProblems(hours)) {
    const [first, dayIndex] = problem.path;
    const day = first === 'days' && typeof dayIndex === 'number' ? `${WEEKDAYS[hours.days[dayIndex]!.weekday]}: ` : '';
    problems.push(`${day}${problem.message}.`);
  }
  return problems;
}

/** The rows the hours make, or null when the hours have a problem. */
export function rowsOfHours(draft: HoursDraft): Omit<SlotTemplate, 'id'>[] | null {
  const hours = hoursOf(draft);
  return hours && problemsOf(draft).length === 0 ? templatesOfOpeningHours(hours) : null;
}

/**
 * Opening hours per weekday (closed, or open in one or more ranges), a slot length and a step:
 * "Make rows" turns them into the plan's rows below, which stay editable.
 */
export function OpeningHoursForm({
  draft,
  onChange,
  onMakeRows,
  firstDay,
  readOnly,
}: {
  draft: HoursDraft;
  onChange: (draft: HoursDraft) => void;
  onMakeRows: () => void;
  firstDay: number;
  readOnly: boolean;
}) {
  const order = WEEKDAYS.map((_, i) => (i + firstDay) % 7);
  const setDay = (weekday: number, change: Partial<HoursDraft['days'][number]>) =>
    onChange({ ...draft, days: draft.days.map((day, i) => (i === weekday ? { ...day, ...change } : day)) });
  const setRange = (weekday: number, index: number, change: Partial<OpeningRange>) =>
    setDay(weekday, { ranges: draft.days[weekday]!.ranges.map((r, j) => (j === index ? { ...r, ...change } : r)) });
  const problems = problemsOf(draft);
  const rows = problems.length ? null : rowsOfHours(draft);
  const hours = hoursOf(draft);
  const unused =
    hours && !problems.length
      ? hours.days.flatMap((day) =>
          day.ranges
            .map((range) => ({ range, minutes: unusedMinutesOfRange(range, hours.slotMinutes, hours.stepMinutes) }))
            .filter((u) => u.minutes > 0)
            .map((u) => `${WEEKDAYS[day.weekday]} ${u.range.from}–${u.range.to}: the last ${u.minutes} minutes hold no slot.`),
        )
      : [];
  const copyFirstOpenDay = () => {
    const source = order.map((weekday) => draft.days[weekday]!).find((day) => day.open);
    if (!source) return;
    onChange({ ...draft, days: draft.days.map(() => ({ open: true, ranges: source.ranges.map((r) => ({ ...r })) })) });
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Opening hours
        </Title>
        <Table aria-label="Opening hours">
          <Table.Tbody>
            {order.map((weekday) => {
              const day = draft.days[weekday]!;
              const name = WEEKDAYS[weekday]!;
              return (
                <Table.Tr key={weekday}>
                  <Table.Td w={150}>
                    <Checkbox
                      label={name}
                      aria-label={`Open on ${name}`}
                      checked={day.open}
                      onChange={(e) => setDay(weekday, { open: e.currentTarget.checked })}
                      disabled={readOnly}
                    />
                  </Table.Td>
                  <Table.Td>
                    {day.open ? (
                      <Stack gap={4}>
                        {day.ranges.map((range, j) => {
                          const suffix = j === 0 ? '' : ` (${j + 1})`;
                          return (
                            <Group key={j} gap="xs" wrap="nowrap">
                              <TextInput
                                type="time"
                                aria-label={`${name} opens${suffix}`}
                                value={range.from}
                                onChange={(e) => setRange(weekday, j, { from: e.currentTarget.value })}
                                readOnly={readOnly}
                              />
                              <Text size="sm">to</Text>
                              <TextInput
                                type="time"
                                aria-label={`${name} closes${suffix}`}
                                value={range.to}
                                onChange={(e) => setRange(weekday, j, { to: e.currentTarget.value })}
                                readOnly={readOnly}
                              />
                              {!readOnly && day.ranges.length > 1 ? (
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`Remove ${name}'s hours${suffix || ' (1)'}`}
                                  onClick={() => setDay(weekday, { ranges: day.ranges.filter((_, k) => k !== j) })}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              ) : null}
                              {!readOnly && j === day.ranges.length - 1 ? (
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`Add hours on ${name}`}
                                  onClick={() => setDay(weekday, { ranges: [...day.ranges, { from: range.to, to: range.to }] })}
                                >
                                  <IconPlus size={16} />
                                </ActionIcon>
                              ) : null}
                            </Group>
                          );
                        })}
                      </Stack>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Closed
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group align="flex-end">
          <NumberInput
            label="Slot length (minutes)"
            min={5}
            max={1439}
            allowDecimal={false}
            value={draft.slotMinutes}
            onChange={(v) => onChange({ ...draft, slotMinutes: v })}
            readOnly={readOnly}
            w={170}
          />
          <NumberInput
            label="A slot starts every (minutes)"
            min={5}
            max={1439}
            allowDecimal={false}
            value={draft.stepMinutes}
            onChange={(v) => onChange({ ...draft, stepMinutes: v })}
            readOnly={readOnly}
            w={210}
          />
          {readOnly ? null : (
            <>
              <Button variant="light" onClick={copyFirstOpenDay}>
                Same hours every day
              </Button>
              <Button variant="light" onClick={onMakeRows} disabled={!rows}>
                Make rows
              </Button>
            </>
          )}
        </Group>
        {problems.length ? (
          <List size="sm" c="red" data-testid="opening-hours-problems">
            {problems.map((p, i) => (
              <List.Item key={i}>{p}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed" data-testid="opening-hours-summary">
            These hours make {rows?.length ?? 0} slot{rows?.length === 1 ? '' : 's'} a week; the last slot of each range ends by its closing
            time.
            {unused.length ? ` ${unused.join(' ')}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
