import { useRef, useState } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { formatVenueDate } from '@lanebook/core/format';
import { DEFAULT_DATE_FORMAT } from '@lanebook/core/venue';
import { useSession } from '../../lib/session';
import { parseVenueDate, shapeTypedDate } from '../../lib/venue-date';

export interface VenueDateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The date as YYYY-MM-DD, '' for none. */
  value: string;
  /** A complete date as YYYY-MM-DD, or '' while what is typed is not one yet. */
  onChange: (iso: string) => void;
}

/**
 * A date typed in the venue's date format (MM/DD/YY by default), digits only if one likes:
 * 11272026 is 11/27/2026. The field keeps what is typed; the value follows once it is a date.
 * The calendar button opens the browser's own date picker.
 */
export function VenueDateInput({ value, onChange, error, onBlur, ...props }: VenueDateInputProps) {
  const dateFormat = useSession().me?.venue?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const show = (iso: string) => (iso ? formatVenueDate(new Date(`${iso}T00:00:00Z`), 'UTC', dateFormat) : '');
  const [text, setText] = useState(() => show(value));
  // The value the text stands for: when the value changes from outside (the address bar on
  // back/forward, Clear filters), the text follows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(show(value));
  }
  const [touched, setTouched] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const incomplete = text !== '' && parseVenueDate(text, dateFormat) === '';

  const type = (typed: string) => {
    const shaped = shapeTypedDate(typed, dateFormat);
    const iso = parseVenueDate(shaped, dateFormat);
    setText(shaped);
    setShown(iso);
    if (iso !== value) onChange(iso);
  };

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        {...props}
        value={text}
        inputMode="numeric"
        autoComplete="off"
        placeholder={dateFormat}
        onChange={(event) => type(event.currentTarget.value)}
        onBlur={(event) => {
          setTouched(true);
          onBlur?.(event);
        }}
        error={error ?? (touched && incomplete ? `Use ${dateFormat}` : undefined)}
        rightSection={
          <ActionIcon variant="subtle" color="gray" aria-label="Open the calendar" onClick={() => picker.current?.showPicker()}>
            <IconCalendar size={16} />
          </ActionIcon>
        }
      />
      {/* The browser's picker, opened by the button; never focused or read by a screen reader. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        style={{ position: 'absolute', left: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
    </div>
  );
}
