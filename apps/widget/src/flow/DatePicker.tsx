import { useEffect, useRef, useState } from 'react';
import { getDates, prefetchSlots } from '../lib/calls';
import { markOnce } from '../lib/marks';
import { isAbort, messageOf } from '../lib/api';
import { longDate } from '../lib/format';
import { addMonths, dateForKey, monthGrid, monthTitle, weekdayNames } from '../lib/month';

interface Props {
  productId: string;
  playersCount: number;
  firstDayOfWeek: number;
  today: string;
  value: string | null;
  onChange: (date: string) => void;
  /** A booking being moved: its own lanes count as free. */
  bookingId?: string;
}

/**
 * The month grid: days with free slots (the dates call) are buttons, the others disabled. A
 * grid with one tab stop; arrows, Home/End and PageUp/PageDown move the focus (and the month).
 */
export function DatePicker({ productId, playersCount, firstDayOfWeek, today, value, onChange, bookingId }: Props) {
  const [month, setMonth] = useState((value ?? today).slice(0, 7));
  const [bookable, setBookable] = useState<Set<string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(value ?? today);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    let live = true;
    setBookable(null);
    setError(null);
    getDates(productId, month, playersCount, bookingId).then(
      (answer) => {
        if (!live) return;
        setBookable(new Set(answer.dates));
        markOnce('lanebook:dates');
        // Most customers take the first open day: its slots are on their way before the click.
        const first = answer.dates.find((d) => d >= today);
        if (first) prefetchSlots(productId, first, playersCount, bookingId);
      },
      (e) => live && !isAbort(e) && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [productId, month, playersCount, bookingId, today]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, month, bookable]);

  const weeks = monthGrid(month, firstDayOfWeek);
  const inGrid = weeks.some((w) => w.some((d) => d.inMonth && d.date === focused));
  const tabStop = inGrid ? focused : `${month}-01`;
  const canGoBack = month > today.slice(0, 7);

  const onKey = (event: React.KeyboardEvent, date: string) => {
    const next = dateForKey(event.key, date, firstDayOfWeek);
    if (!next || (next < today && next.slice(0, 7) < today.slice(0, 7))) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(next);
    if (next.slice(0, 7) !== month) setMonth(next.slice(0, 7));
  };

  return (
    <div className="lb-date">
      <div className="lb-month-nav">
        <button
          type="button"
          className="lb-icon-btn"
          onClick={() => setMonth(addMonths(month, -1))}
          disabled={!canGoBack}
          aria-label="Previous month"
        >
          ‹
        </button>
        <h3 aria-live="polite">{monthTitle(month)}</h3>
        <button type="button" className="lb-icon-btn" onClick={() => setMonth(addMonths(month, 1))} aria-label="Next month">
          ›
        </button>
      </div>
      {error ? (
        <p className="lb-error" role="alert">
          {error}
        </p>
      ) : null}
      <table className="lb-grid" role="grid" ref={gridRef} aria-label={`Dates in ${monthTitle(month)}`} aria-busy={bookable === null}>
        <thead>
          <tr>
            {weekdayNames(firstDayOfWeek).map((name, i) => (
              <th key={name} scope="col" abbr={weekdayNames(firstDayOfWeek, 'long')[i]}>
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((day) => {
                if (!day.inMonth) return <td key={day.date} />;
                const open = !!bookable?.has(day.date) && day.date >= today;
                const selected = day.date === value;
                return (
                  <td key={day.date} role="gridcell" aria-selected={selected}>
                    <button
                      type="button"
                      className={`lb-day${selected ? ' is-selected' : ''}${day.date === today ? ' is-today' : ''}`}
                      data-date={day.date}
                      tabIndex={day.date === tabStop ? 0 : -1}
                      aria-disabled={!open}
                      aria-label={`${longDate(day.date)}${open ? '' : ', not available'}`}
                      onClick={() => {
                        setFocused(day.date);
                        if (open) onChange(day.date);
                      }}
                      onKeyDown={(e) => onKey(e, day.date)}
                    >
                      {day.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {bookable && bookable.size === 0 ? <p className="lb-muted">No free dates this month. Try the next one.</p> : null}
    </div>
  );
}
