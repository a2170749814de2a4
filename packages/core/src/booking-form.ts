/**
 * The booking forms' pure logic, shared by the console's booking form (a new booking or a change
 * to one) and the widget's booking flow: choosing slots that follow each other, the request a
 * filled-in form sends, and the change an edit sends. No imports but types: the widget takes it.
 */
import type { BookingCreate, BookingUpdate, PublicBookingCreate } from './booking-schemas.js';
import type { CustomField, PriceGroup } from './products.js';

/** A slot of the day as either form lists it (the calendar's slots at the desk, the public slots call in the widget). */
export interface TimedSlot {
  id: string;
  startsAt: string;
  endsAt: string;
}

/** Whether `next` starts exactly when `slot` ends: the server's rule for the slots of one booking. */
export const follows = (slot: TimedSlot, next: TimedSlot) => Date.parse(slot.endsAt) === Date.parse(next.startsAt);

/** The longest run of slots that follow each other from `startId`, in the day's order (a booking is one run). */
export function slotRun<T extends TimedSlot>(daySlots: readonly T[], startId: string): T[] {
  const start = daySlots.findIndex((slot) => slot.id === startId);
  if (start < 0) return [];
  const run = [daySlots[start]!];
  for (let i = start + 1; i < daySlots.length && follows(run[run.length - 1]!, daySlots[i]!); i++) run.push(daySlots[i]!);
  return run;
}

/** The ids of up to `length` slots in a row from `startId`: the desk's choice of a start time and a length. */
export const slotsFrom = (daySlots: readonly TimedSlot[], startId: string, length: number): string[] =>
  slotRun(daySlots, startId)
    .slice(0, length)
    .map((slot) => slot.id);

/**
 * The selection after a click on `clickedId`, given the day's slots and the current selection (ids in
 * time order): nothing chosen → that slot; a click on the selection's first or last slot takes it
 * off (a one-slot selection becomes empty); a slot adjacent to either end extends the range; any
 * other slot starts again from it. The widget's way of choosing a longer booking.
 */
export function toggleSlot(slots: readonly TimedSlot[], selected: string[], clickedId: string): string[] {
  const byId = new Map(slots.map((s) => [s.id, s]));
  const clicked = byId.get(clickedId);
  if (!clicked) return selected;
  const chosen = selected.map((id) => byId.get(id)).filter((s): s is TimedSlot => !!s);
  if (chosen.length === 0) return [clickedId];
  const first = chosen[0]!;
  const last = chosen[chosen.length - 1]!;
  if (clickedId === first.id) return chosen.slice(1).map((s) => s.id);
  if (clickedId === last.id) return chosen.slice(0, -1).map((s) => s.id);
  if (chosen.some((s) => s.id === clickedId)) return [clickedId];
  if (follows(last, clicked)) return [...chosen.map((s) => s.id), clickedId];
  if (follows(clicked, first)) return [clickedId, ...chosen.map((s) => s.id)];
  return [clickedId];
}

/** The selection kept after the day's slots were loaded again: the chosen ids still offered, if they still follow each other. */
export function keepSelection(slots: readonly TimedSlot[], selected: string[]): string[] {
  const byId = new Map(slots.map((s) => [s.id, s]));
  const kept = selected.map((id) => byId.get(id));
  if (kept.some((s) => !s)) return [];
  for (let i = 1; i < kept.length; i++) if (!follows(kept[i - 1]!, kept[i]!)) return [];
  return selected;
}

export type UpsellChoice = { id: string; quantity: number };

/** Extras as quantities by item id (what both forms hold) to the request's list: only those chosen at least once. */
export const upsellChoices = (quantities: Readonly<Record<string, number>>): UpsellChoice[] =>
  Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ id, quantity }));

/** Extras as the price calls' query writes them: id:quantity pairs, comma-separated ('' for none). */
export const upsellQueryValue = (items: readonly UpsellChoice[]) => items.map((item) => `${item.id}:${item.quantity}`).join(',');

/** A custom field's value as a form holds it (a form's record of them may hold undefined: not filled in yet). */
export type CustomFieldValue = string | number | boolean | string[];

const isEmptyValue = (value: CustomFieldValue | undefined) =>
  value === undefined || value === '' || value === false || (Array.isArray(value) && value.length === 0);

/** The reservation info as typed: every field a string, the note included. */
export interface ReservationDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  note: string;
}

/** What both forms know of a new booking once it is filled in. */
export interface BookingDraft {
  productId: string;
  /** The venue date of the slots, when the form knows it. */
  date: string | null;
  slots: string[];
  playersCount: number;
  reservationInfo: ReservationDraft;
  upsellQuantities: Readonly<Record<string, number>>;
  customFields: Readonly<Record<string, CustomFieldValue | undefined>>;
  selectedGroupId: string | null;
  promocode: string | null;
  affiliateId: string | null;
}

/** The parts of the request both forms send alike. */
const requestOf = (draft: BookingDraft) => ({
  productId: draft.productId,
  date: draft.date ?? undefined,
  slots: draft.slots,
  playersCount: draft.playersCount,
  reservationInfo: { ...draft.reservationInfo },
  upsellItems: upsellChoices(draft.upsellQuantities),
  promocode: draft.promocode?.trim() || null,
  affiliateId: draft.affiliateId,
});

/** What only the desk chooses of a new booking. */
export interface StaffBookingChoices {
  /** Lanes chosen by hand; none: the server chooses. */
  resourceIds: string[];
  /** Sent only when staff may set a price (undefined: left out). */
  customPrice?: number | null;
  isWalkIn: boolean;
  isFullFirstPayment: boolean;
  isConfirmationEmail: boolean;
}

/** The console's new booking: the custom fields as they are, lanes and a custom price when given. */
export function staffBookingRequest(draft: BookingDraft, staff: StaffBookingChoices): BookingCreate {
  const customFields: BookingCreate['customFields'] = {};
  for (const [label, value] of Object.entries(draft.customFields)) if (value !== undefined) customFields[label] = value;
  return {
    ...requestOf(draft),
    customFields,
    ...(staff.resourceIds.length ? { resourceIds: staff.resourceIds } : {}),
    ...(staff.customPrice !== undefined ? { customPrice: staff.customPrice } : {}),
    isWalkIn: staff.isWalkIn,
    isFullFirstPayment: staff.isFullFirstPayment,
    isConfirmationEmail: staff.isConfirmationEmail,
    isSpecifyGroupSize: false,
    selectedGroupId: draft.selectedGroupId,
  };
}

/** The widget's booking: an online booking that mails its confirmation; the group only for group pricing; fields left empty left out. */
export function customerBookingRequest(draft: BookingDraft, typeOfPricing: 'person' | 'group-range'): PublicBookingCreate {
  const customFields: PublicBookingCreate['customFields'] = {};
  for (const [label, value] of Object.entries(draft.customFields)) if (value !== undefined && value !== '') customFields[label] = value;
  const groupPricing = typeOfPricing === 'group-range';
  return {
    ...requestOf(draft),
    customFields,
    typeOfPricing,
    selectedGroupId: groupPricing ? draft.selectedGroupId : null,
    isSpecifyGroupSize: groupPricing,
    isFullFirstPayment: false,
    isConfirmationEmail: true,
    isWalkIn: false,
  };
}

/** What the widget checks before it sends the details step (the server checks again): problems by the request's field paths. */
export function customerDetailsProblems(
  details: {
    reservationInfo: ReservationDraft;
    customFields: Readonly<Record<string, CustomFieldValue | undefined>>;
    termsAccepted: boolean;
  },
  product: { customFields: Readonly<Record<string, Pick<CustomField, 'label' | 'isRequired'>>>; terms: { title: string } | null },
): Record<string, string> {
  const { reservationInfo: info, customFields } = details;
  const found: Record<string, string> = {};
  if (!info.firstName.trim()) found['reservationInfo.firstName'] = 'First name is required';
  if (!info.lastName.trim()) found['reservationInfo.lastName'] = 'Last name is required';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(info.email.trim())) found['reservationInfo.email'] = 'Enter a valid email address';
  for (const field of Object.values(product.customFields))
    if (field.isRequired && isEmptyValue(customFields[field.label])) found[`customFields.${field.label}`] = `${field.label} is required`;
  if (product.terms && !details.termsAccepted) found.terms = `Accept the ${product.terms.title} to book`;
  return found;
}

/** The product's pricing as the widget's players step reads it. */
type PlayersRule = { typeOfPricing: 'person' | 'group-range'; groups: PriceGroup[]; minPlayers: number; maxPlayers: number };

/** The group a product starts with: the first one of group pricing, none otherwise. */
export const startingGroup = (product: PlayersRule): PriceGroup | undefined =>
  product.typeOfPricing === 'group-range' ? product.groups[0] : undefined;

/** The players count a product starts with: its minimum, or the first group's lower bound when that is more. */
export const startingPlayers = (product: PlayersRule) => Math.max(product.minPlayers, startingGroup(product)?.from ?? 1);

/** How many players may book: the chosen group's bounds under group pricing, else the product's (none chosen: 1). */
export function playersRange(product: PlayersRule | null, groupId: string | null): { min: number; max: number } {
  const group = product?.typeOfPricing === 'group-range' ? product.groups.find((g) => g.id === groupId) : undefined;
  return group ? { min: group.from, max: group.to } : { min: product?.minPlayers ?? 1, max: product?.maxPlayers ?? 1 };
}

/** The parts of a booking an edit compares against. */
export interface BookingBefore {
  slotIds: string[];
  playersCount: number;
  resourceIds: string[];
  upsellItems: UpsellChoice[];
  customPrice: number | null;
  reservationInfo: ReservationDraft;
  customFields: Readonly<Record<string, unknown>>;
}

/** The edit form's fields, as they stand. */
export interface BookingEdit {
  slots: string[];
  playersCount: number;
  /** Lanes chosen by hand (`lanesChosen`), else the booking's lanes follow a move on the server. */
  resourceIds: string[];
  lanesChosen: boolean;
  upsellItems: UpsellChoice[];
  customPrice: number | null;
  /** Whether this person may set a price: else the custom price is never sent. */
  mayCustomPrice: boolean;
  reservationInfo: ReservationDraft;
  customFields: Readonly<Record<string, unknown>>;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);
const upsellKey = (items: readonly UpsellChoice[]) =>
  items
    .map((item) => `${item.id}:${item.quantity}`)
    .sort()
    .join(',');
const RESERVATION_KEYS = ['firstName', 'lastName', 'email', 'phone', 'note'] as const;

/** An edit sends only what differs from the booking, so a corrected name never reprices it. */
export function bookingChange(booking: BookingBefore, edit: BookingEdit): BookingUpdate {
  const change: BookingUpdate = {};
  if (!sameList(edit.slots, booking.slotIds)) change.slots = edit.slots;
  if (edit.playersCount !== booking.playersCount) change.playersCount = edit.playersCount;
  if (edit.lanesChosen && edit.resourceIds.length && !sameList(edit.resourceIds, booking.resourceIds))
    change.resourceIds = edit.resourceIds;
  if (upsellKey(edit.upsellItems) !== upsellKey(booking.upsellItems)) change.upsellItems = edit.upsellItems;
  if (edit.mayCustomPrice && edit.customPrice !== booking.customPrice) change.customPrice = edit.customPrice;
  if (RESERVATION_KEYS.some((key) => edit.reservationInfo[key] !== booking.reservationInfo[key]))
    change.reservationInfo = edit.reservationInfo;
  if (JSON.stringify(edit.customFields) !== JSON.stringify(booking.customFields))
    change.customFields = edit.customFields as BookingUpdate['customFields'];
  return change;
}

/** The parts of a change that move or reprice the booking: what its price is asked about before it is saved. */
export type BookingRepricing = Omit<BookingUpdate, 'reservationInfo' | 'customFields'>;

/** The moving or repricing part of `change`, or null when it only corrects the customer's details. */
export function repricingOf(change: BookingUpdate): BookingRepricing | null {
  const { reservationInfo: _info, customFields: _fields, ...repricing } = change;
  return Object.keys(repricing).length ? repricing : null;
}
