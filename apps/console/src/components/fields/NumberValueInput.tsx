import { useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';

export interface NumberValueInputProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The stored number; null (or undefined) when the box is empty. */
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  /** Stored = shown × scale, rounded to a whole number when scale > 1 (100: dollars shown, cents stored). */
  scale?: number;
}

function toStored(shown: string | number, scale: number): number | null {
  const number = typeof shown === 'number' ? shown : shown.trim() === '' ? Number.NaN : Number(shown);
  if (!Number.isFinite(number)) return null;
  return scale === 1 ? number : Math.round(number * scale);
}

function toShown(stored: number | null | undefined, scale: number): string | number {
  return typeof stored === 'number' && Number.isFinite(stored) ? stored / scale : '';
}

/**
 * A NumberInput that stores a number (or null when empty, which the schema reports as "must be a
 * number"). It keeps what is being typed ("12.", "0.50") as a draft, so converting to the stored
 * value and back does not fight the keyboard; a value set from outside (reset, presets) replaces it.
 */
export function NumberValueInput({ value, onChange, scale = 1, ...rest }: NumberValueInputProps) {
  const [draft, setDraft] = useState<string | number>(() => toShown(value, scale));
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    // Adjusting state while rendering: React re-renders at once, without an effect's flash.
    setSeen(value);
    if (!Object.is(toStored(draft, scale), value ?? null)) setDraft(toShown(value, scale));
  }
  return (
    <NumberInput
      {...rest}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        onChange(toStored(next, scale));
      }}
    />
  );
}
