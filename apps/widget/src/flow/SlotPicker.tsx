import { useEffect, useState } from 'react';
import { getSlots } from '../lib/calls';
import { markOnce } from '../lib/marks';
import { isAbort, messageOf } from '../lib/api';
import { money, timeOf } from '../lib/format';
import { AVAILABILITY_LABELS, availabilityOf } from '@lanebook/core/availability';
import { keepSelection, toggleSlot } from '@lanebook/core/booking-form';
import type { PublicSlot, VenueFormat, ViewMode } from '../lib/types';

interface Props {
  productId: string;
  date: string;
  playersCount: number;
  venue: VenueFormat;
  viewMode: ViewMode;
  useAvailabilityColors: boolean;
  cutoffTime: number;
  selected: string[];
  onChange: (ids: string[], slots: PublicSlot[]) => void;
  /** Bumped to load the day's slots again (after a lane was taken meanwhile). */
  refresh?: number;
  bookingId?: string;
}

/**
 * The day's free slots; a second slot next to the chosen ones extends the booking, another starts
 * again. Laid out by the template's view mode; arrows move between slots.
 */
export function SlotPicker(props: Props) {
  const { productId, date, playersCount, venue, viewMode, useAvailabilityColors, cutoffTime, selected, onChange, refresh, bookingId } =
    props;
  const [slots, setSlots] = useState<PublicSlot[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setSlots(null);
    setError(null);
    getSlots(productId, date, playersCount, bookingId).then(
      (answer) => {
        if (!live) return;
        setSlots(answer.slots);
        const kept = keepSelection(answer.slots, selected);
        if (kept !== selected) onChange(kept, answer.slots);
      },
      (e) => live && !isAbort(e) && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
    // The selection is read once per load: choosing a slot does not load the day again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, date, playersCount, refresh, bookingId]);

  useEffect(() => {
    if (slots && slots.length > 0) markOnce('lanebook:slots');
  }, [slots]);

  const onKey = (event: React.KeyboardEvent<HTMLElement>) => {
    const keys: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
    const step = keys[event.key];
    if (!step) return;
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-slot]'));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, index + step))]?.focus();
  };

  const pick = (id: string) => slots && onChange(toggleSlot(slots, selected, id), slots);

  const cutoff =
    cutoffTime > 0 ? (
      <p className="lb-muted">
        Cutoff time: {cutoffTime} hour{cutoffTime === 1 ? '' : 's'} before the start
      </p>
    ) : null;
  if (error)
    return (
      <p className="lb-error" role="alert">
        {error}
      </p>
    );
  if (!slots)
    return (
      <p className="lb-muted" aria-busy="true">
        Loading times…
      </p>
    );
  if (slots.length === 0)
    return (
      <>
        <p className="lb-muted">No free times left on this day. Choose another date.</p>
        {cutoff}
      </>
    );

  const slotButton = (slot: PublicSlot, content: React.ReactNode) => {
    const level = availabilityOf(slot.freeLanes, slot.lanesTotal);
    const isSelected = selected.includes(slot.id);
    return (
      <button
        type="button"
        data-slot={slot.id}
        className={`lb-slot${isSelected ? ' is-selected' : ''}${useAvailabilityColors ? ` lb-avail-${level}` : ''}`}
        aria-pressed={isSelected}
        aria-label={`${timeOf(slot.startsAt, venue)} to ${timeOf(slot.endsAt, venue)}, ${money(slot.price, venue)}${useAvailabilityColors ? `, ${AVAILABILITY_LABELS[level]}` : ''}`}
        onClick={() => pick(slot.id)}
      >
        {content}
      </button>
    );
  };

  return (
    <div className="lb-slots-wrap">
      {cutoff}
      {selected.length > 0 ? <p className="lb-muted">Choose the next time as well to book longer.</p> : null}
      {viewMode === 'table' ? (
        <table className="lb-slot-table" onKeyDown={onKey}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {useAvailabilityColors ? <th scope="col">Availability</th> : null}
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {slots.map((slot) => (
              <tr key={slot.id}>
                <td>{slotButton(slot, `${timeOf(slot.startsAt, venue)} – ${timeOf(slot.endsAt, venue)}`)}</td>
                {useAvailabilityColors ? <td>{AVAILABILITY_LABELS[availabilityOf(slot.freeLanes, slot.lanesTotal)]}</td> : null}
                <td>{money(slot.price, venue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className={`lb-slots lb-slots-${viewMode}`} onKeyDown={onKey} aria-label="Times">
          {slots.map((slot) => (
            <li key={slot.id}>
              {slotButton(
                slot,
                viewMode === 'compact' ? (
                  timeOf(slot.startsAt, venue)
                ) : (
                  <>
                    <span className="lb-slot-time">
                      {timeOf(slot.startsAt, venue)} – {timeOf(slot.endsAt, venue)}
                    </span>
                    <span className="lb-slot-meta">
                      {money(slot.price, venue)}
                      {useAvailabilityColors ? ` · ${AVAILABILITY_LABELS[availabilityOf(slot.freeLanes, slot.lanesTotal)]}` : ''}
                    </span>
                  </>
                ),
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
