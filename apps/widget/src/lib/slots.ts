/** Choosing consecutive slots (a longer booking spans several). */
import type { PublicSlot } from './types';

type Timed = Pick<PublicSlot, 'id' | 'startsAt' | 'endsAt'>;

/** Whether `b` starts exactly when `a` ends (the server's rule for slots of one booking). */
const follows = (a: Timed, b: Timed) => new Date(a.endsAt).getTime() === new Date(b.startsAt).getTime();

/**
 * The selection after a click on `clickedId`, given the day's slots and the current selection (ids in
 * time order): nothing chosen → that slot; a click on the selection's first or last slot takes it
 * off (a one-slot selection becomes empty); a slot adjacent to either end extends the range; any
 * other slot starts again from it.
 */
export function toggleSlot(slots: Timed[], selected: string[], clickedId: string): string[] {
  const byId = new Map(slots.map((s) => [s.id, s]));
  const clicked = byId.get(clickedId);
  if (!clicked) return selected;
  const chosen = selected.map((id) => byId.get(id)).filter((s): s is Timed => !!s);
  if (chosen.length === 0) return [clickedId];
  const first = chosen[0];
  const last = chosen[chosen.length - 1];
  if (clickedId === first.id) return chosen.slice(1).map((s) => s.id);
  if (clickedId === last.id) return chosen.slice(0, -1).map((s) => s.id);
  if (chosen.some((s) => s.id === clickedId)) return [clickedId];
  if (follows(last, clicked)) return [...chosen.map((s) => s.id), clickedId];
  if (follows(clicked, first)) return [clickedId, ...chosen.map((s) => s.id)];
  return [clickedId];
}

/** The selection kept after the day's slots were loaded again: the chosen ids still offered, if they still follow each other. */
export function keepSelection(slots: Timed[], selected: string[]): string[] {
  const byId = new Map(slots.map((s) => [s.id, s]));
  const kept = selected.map((id) => byId.get(id));
  if (kept.some((s) => !s)) return [];
  for (let i = 1; i < kept.length; i++) if (!follows(kept[i - 1]!, kept[i]!)) return [];
  return selected;
}
