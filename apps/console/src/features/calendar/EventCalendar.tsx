import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { createCalendar, destroyCalendar, DayGrid, Interaction, ResourceTimeline, TimeGrid, type Calendar } from '@event-calendar/core';
import '@event-calendar/core/index.css';
import './calendar.css';
import { keepCalendarPlain, moveBetweenBlocks } from './calendar-a11y';

/**
 * @event-calendar/core (MIT, framework-free) mounted in React: created once in an effect, every
 * later change of options sent with setOption (only the options that changed), destroyed on
 * unmount. It is a named region without the library's table roles (calendar-a11y.ts); arrow
 * keys, Home and End move between its blocks.
 */
export function EventCalendar({ options, label }: { options: Calendar.Options; label: string }) {
  const target = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const applied = useRef<Record<string, unknown>>({});
  // Callbacks go in once as stable proxies to the latest render's, so a new closure is no new option.
  const latest = useRef<Calendar.Options>(options);

  useEffect(() => {
    const el = target.current!;
    const stopPlain = keepCalendarPlain(el);
    calendar.current = createCalendar(el, [TimeGrid, DayGrid, ResourceTimeline, Interaction], {});
    return () => {
      stopPlain();
      const current = calendar.current;
      calendar.current = null;
      if (current) void destroyCalendar(current);
    };
  }, []);

  useEffect(() => {
    latest.current = options;
    const current = calendar.current;
    if (!current) return;
    for (const [name, value] of Object.entries(options) as [keyof Calendar.Options, unknown][]) {
      const next =
        typeof value === 'function'
          ? (applied.current[name] ?? ((...args: unknown[]) => (latest.current[name] as (...a: unknown[]) => unknown)(...args)))
          : value;
      if (applied.current[name] === next) continue;
      current.setOption(name, next as never);
      applied.current[name] = next;
    }
  });

  return (
    <Box
      ref={target}
      className="lanebook-calendar"
      role="region"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.target instanceof Element && moveBetweenBlocks(event.currentTarget, event.target, event.key)) event.preventDefault();
      }}
    />
  );
}
