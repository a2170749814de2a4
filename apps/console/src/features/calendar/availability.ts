import type { CalendarAnswer } from '@lanebook/core/calendar-schemas';
import { addDays, mergeConsecutive, type IsoDate } from '@lanebook/core/calendar';
import { formatVenueDate } from '@lanebook/core/format';

export type CalendarSlot = CalendarAnswer['days'][number]['slots'][number] & { date: string };

/** A slot, or consecutive slots of one product on one day, as one event of the calendar. */
export interface SlotRange {
  key: string;
  productId: string;
  date: string;
  from: string;
  to: string;
  slots: CalendarSlot[];
  lanesFree: number;
  lanesTotal: number;
}

export function slotsOf(answer: CalendarAnswer | undefined): CalendarSlot[] {
  return (answer?.days ?? []).flatMap((day) => day.slots.map((slot) => ({ ...slot, date: day.dateIso })));
}

/**
 * The events of the answer: one per slot, or (merged) one per run of consecutive slots of a
 * product on a day. A range shows its scarcest slot's free lanes, so a color never promises more
 * than every slot of it has.
 */
export function slotRanges(slots: CalendarSlot[], merged: boolean): SlotRange[] {
  const single = (list: CalendarSlot[]): SlotRange => {
    const first = list[0]!;
    const last = list.at(-1)!;
    const scarcest = list.reduce((a, b) => (b.lanesFree / Math.max(b.lanesTotal, 1) < a.lanesFree / Math.max(a.lanesTotal, 1) ? b : a));
    return {
      key: list.map((s) => s.id).join('+'),
      productId: first.productId,
      date: first.date,
      from: first.from,
      to: last.to,
      slots: list,
      lanesFree: scarcest.lanesFree,
      lanesTotal: scarcest.lanesTotal,
    };
  };
  if (!merged) return slots.map((s) => single([s]));
  const groups = new Map<string, CalendarSlot[]>();
  for (const slot of slots) {
    const key = `${slot.productId}|${slot.date}`;
    groups.set(key, [...(groups.get(key) ?? []), slot]);
  }
  return [...groups.values()].flatMap((list) => mergeConsecutive(list).map((range) => single(range.slots)));
}

/** The calendar's date range ends on the day before its exclusive end. */
export const lastDayBefore = (exclusiveEnd: string) => addDays(exclusiveEnd.slice(0, 10), -1);

/** A wall-clock time shown in the venue's 12- or 24-hour format. */
export function formatWallTime(time: string, timeFormat: 12 | 24): string {
  if (timeFormat === 24) return time;
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A wall-clock date in the venue's date format (MM/DD/YY unless set): the date itself, no zone to cross. */
export function formatWallDate(date: IsoDate, dateFormat?: string): string {
  return formatVenueDate(new Date(`${date}T12:00:00Z`), 'UTC', dateFormat);
}
