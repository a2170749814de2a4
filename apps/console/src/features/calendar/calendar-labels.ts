import { bookingStatusLabel } from '@lanebook/core/bookings';
import type { PresenceStatus } from '@lanebook/core/booking-schemas';
import type { IsoDate, WallTime } from '@lanebook/core/calendar';
import { AVAILABILITY_LABELS, availabilityOf } from '@lanebook/core/availability';
import { formatWallDate, formatWallTime } from './availability';

/**
 * What each block of the calendar says, in words: the visible lines and the name a screen reader
 * and the keyboard hear (time, lane, customer, status), so nothing is told by colour alone.
 */

export interface VenueFormats {
  timeFormat: 12 | 24;
  dateFormat?: string;
}

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/** "Thu 11/26/26": a wall-clock date with its weekday, in the venue's date format. */
export function dayLabel(date: IsoDate, formats: VenueFormats): string {
  return `${WEEKDAY.format(new Date(`${date}T12:00:00Z`))} ${formatWallDate(date, formats.dateFormat)}`;
}

/** "7:00 PM–8:00 PM" (or "19:00–20:00"). */
export function timeRangeLabel(from: WallTime, to: WallTime, formats: VenueFormats): string {
  return `${formatWallTime(from, formats.timeFormat)}–${formatWallTime(to, formats.timeFormat)}`;
}

/** "Lane 2", "Lane 1 and Lane 2", "Lane 1, Lane 2 and Lane 3". */
export function lanesLabel(lanes: string[]): string {
  if (lanes.length === 0) return 'no lane';
  if (lanes.length === 1) return lanes[0]!;
  return `${lanes.slice(0, -1).join(', ')} and ${lanes.at(-1)!}`;
}

const players = (count: number) => `${count} ${count === 1 ? 'player' : 'players'}`;

export interface SlotRangeFacts {
  date: IsoDate;
  from: WallTime;
  to: WallTime;
  productName: string;
  lanesFree: number;
  lanesTotal: number;
  slotCount: number;
}

/** A slot's (or merged slots') lines: the product, then free and taken lanes with the availability word. */
export function slotRangeLines(slot: SlotRangeFacts): string[] {
  const lanes = `${slot.lanesFree} free / ${slot.lanesTotal - slot.lanesFree} taken`;
  const more = slot.slotCount > 1 ? ` · ${slot.slotCount} slots` : '';
  return [slot.productName || 'Product', `${lanes} · ${AVAILABILITY_LABELS[availabilityOf(slot.lanesFree, slot.lanesTotal)]}${more}`];
}

/** "Slot Thu 11/26/26, 7:00 PM–8:00 PM, Axe 60, 3 of 8 lanes free, Filling up". */
export function slotRangeName(slot: SlotRangeFacts, formats: VenueFormats): string {
  const level = AVAILABILITY_LABELS[availabilityOf(slot.lanesFree, slot.lanesTotal)];
  return [
    `${slot.slotCount > 1 ? `${slot.slotCount} slots` : 'Slot'} ${dayLabel(slot.date, formats)}`,
    timeRangeLabel(slot.from, slot.to, formats),
    slot.productName || 'Product',
    `${slot.lanesFree} of ${slot.lanesTotal} ${slot.lanesTotal === 1 ? 'lane' : 'lanes'} free`,
    level,
  ].join(', ');
}

export interface BookingBlockFacts {
  from: WallTime;
  to: WallTime;
  lanes: string[];
  name: string;
  status: string;
  playersCount: number;
  productName: string;
  /** Who of the group is in; left out, the block says nothing of it. */
  presenceStatus?: PresenceStatus;
  numberOfSignedWaivers?: number;
  /** The product asks for a waiver: only then are signatures counted on the block. */
  waiverRequired?: boolean;
}

/**
 * A short mark on a booking block, told in words (never by colour alone). `kind` names what it
 * marks, for its style: presence and waivers now; a series or a flag is one more kind.
 */
export interface BookingMark {
  kind: 'presence' | 'waivers';
  text: string;
  /** Said in the block's name for screen readers. */
  spoken: string;
}

/** The block's marks: "Checked in" or "Partly in" once anyone is, "2/4 signed" where the product asks for a waiver. */
export function bookingBlockMarks(booking: BookingBlockFacts): BookingMark[] {
  const marks: BookingMark[] = [];
  if (booking.presenceStatus === 'fully') marks.push({ kind: 'presence', text: 'Checked in', spoken: 'checked in' });
  if (booking.presenceStatus === 'partially') marks.push({ kind: 'presence', text: 'Partly in', spoken: 'partially checked in' });
  if (booking.waiverRequired) {
    const signed = Math.min(booking.numberOfSignedWaivers ?? 0, booking.playersCount);
    marks.push({
      kind: 'waivers',
      text: `${signed}/${booking.playersCount} signed`,
      spoken: `${signed} of ${booking.playersCount} waivers signed`,
    });
  }
  return marks;
}

/** The block's visible line after the name and marks: how many, the status in words, the product. */
export function bookingBlockDetails(booking: BookingBlockFacts): string {
  return [players(booking.playersCount), bookingStatusLabel(booking.status), booking.productName].filter(Boolean).join(' · ');
}

/** What hovering or focusing a block shows in full: "Jane Smith · Checked in · 2/4 signed · 4 players · Paid · Axe 60 · 7:00 PM–8:00 PM". */
export function bookingBlockHint(booking: BookingBlockFacts, formats: VenueFormats): string {
  return [
    booking.name || 'No name',
    ...bookingBlockMarks(booking).map((mark) => mark.text),
    bookingBlockDetails(booking),
    timeRangeLabel(booking.from, booking.to, formats),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Booking 7:00 PM–8:00 PM, Lane 2, Jane Smith, checked in, 2 of 3 waivers signed, 3 players, Paid, Axe 60". */
export function bookingBlockName(booking: BookingBlockFacts, formats: VenueFormats): string {
  return [
    `Booking ${timeRangeLabel(booking.from, booking.to, formats)}`,
    lanesLabel(booking.lanes),
    booking.name || 'No name',
    ...bookingBlockMarks(booking).map((mark) => mark.spoken),
    players(booking.playersCount),
    bookingStatusLabel(booking.status),
    booking.productName,
  ]
    .filter(Boolean)
    .join(', ');
}

/** "Free lane time 9:00 PM–10:00 PM, Lane 2, Axe 60: book it". */
export function freeLaneName(slot: { from: WallTime; to: WallTime; lane: string; productName: string }, formats: VenueFormats): string {
  return `Free lane time ${timeRangeLabel(slot.from, slot.to, formats)}, ${slot.lane}, ${slot.productName || 'Product'}: book it`;
}
