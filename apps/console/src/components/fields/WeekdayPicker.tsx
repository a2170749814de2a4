import type { ReactNode } from 'react';
import { Chip, Group, Input } from '@mantine/core';

/**
 * Mantine hides a chip's checkbox at zero size; stretched invisibly over the chip instead, it is
 * what a click (or a test's check()) hits, and it still drives the chip's look.
 */
const CHIP_STYLES = {
  root: { position: 'relative' as const },
  input: { position: 'absolute' as const, inset: 0, width: '100%', height: '100%', margin: 0, zIndex: 1, cursor: 'pointer' },
};

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface WeekdayPickerProps {
  label: string;
  description?: ReactNode;
  /** Days 0 (Sunday) to 6. */
  value: number[];
  onChange: (days: number[]) => void;
  /** The venue's first day of the week (0 = Sunday). */
  firstDayOfWeek: number;
  error?: string;
  readOnly?: boolean;
}

/** Weekdays as chips, in the venue's week order; the value stays sorted 0-6. */
export function WeekdayPicker({ label, description, value, onChange, firstDayOfWeek, error, readOnly }: WeekdayPickerProps) {
  const order = DAYS.map((_, i) => (i + firstDayOfWeek) % 7);
  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div">
      <Group gap="xs" mt={6} role="group" aria-label={label}>
        {/* Chip values are strings (the group reads them from the DOM input). */}
        <Chip.Group multiple value={value.map(String)} onChange={(days) => onChange(days.map(Number).sort((a, b) => a - b))}>
          {order.map((day) => (
            <Chip key={day} value={String(day)} disabled={readOnly} size="sm" aria-label={DAYS[day]} styles={CHIP_STYLES}>
              {DAYS[day].slice(0, 3)}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </Input.Wrapper>
  );
}
