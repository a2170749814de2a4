import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { createCalendar, destroyCalendar, DayGrid, Interaction, ResourceTimeline, TimeGrid, type Calendar } from '@event-calendar/core';
import '@event-calendar/core/index.css';
import './calendar.css';

/**
 * @event-calendar/core (MIT, framework-free) mounted in React: created once in an effect, every
 * later change of options sent with setOption (only the options that changed), destroyed on
 * unmount.
 */
export function EventCalendar({ options }: { options: Calendar.Options }) {
  const target = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const applied = useRef<Record<string, unknown>>({});
  // Callbacks go in once as stable proxies to the latest render's, so a new closure is no new option.
  const latest = useRef<Calendar.Options>(options);

  useEffect(() => {
    const el = target.current!;
    calendar.current = createCalendar(el, [TimeGrid, DayGrid, ResourceTimeline, Interaction], {});
    return () => {
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

  return <Box ref={target} className="lanebook-calendar" />;
}
