import { useRef, useState, type ReactNode } from 'react';
import { TagsInput } from '@mantine/core';
import { z } from '@lanebook/core/zod';

const email = z.email();
const MAX = 20;

export interface EmailListInputProps {
  label: string;
  description?: ReactNode;
  value: string[];
  onChange: (emails: string[]) => void;
  onBlur?: () => void;
  error?: string;
  readOnly?: boolean;
}

/**
 * A list of email addresses. Each address is checked as it is added, so a typo is caught at once
 * and stays in the box to be fixed instead of being saved and refused later.
 */
export function EmailListInput({ label, description, value, onChange, onBlur, error, readOnly }: EmailListInputProps) {
  const [search, setSearch] = useState('');
  const [typoError, setTypoError] = useState<string | null>(null);
  // TagsInput empties its box right after adding; a refused address must stay there to be fixed.
  const keepSearch = useRef(false);

  const change = (next: string[]) => {
    const cleaned = next.map((entry) => entry.trim().toLowerCase()).filter(Boolean);
    const invalid = cleaned.filter((entry) => !value.includes(entry) && !email.safeParse(entry).success);
    if (invalid.length) {
      setTypoError(`“${invalid[0]}” is not a valid email address`);
      setSearch(invalid[0]);
      keepSearch.current = true;
      queueMicrotask(() => {
        keepSearch.current = false;
      });
    } else {
      setTypoError(null);
    }
    onChange([...new Set(cleaned.filter((entry) => !invalid.includes(entry)))]);
  };

  return (
    <TagsInput
      label={label}
      description={description ?? 'Press Enter or comma after each address.'}
      placeholder={readOnly || value.length ? undefined : 'name@example.com'}
      value={value}
      onChange={change}
      searchValue={search}
      onSearchChange={(next) => {
        if (keepSearch.current && next === '') return;
        setSearch(next);
        if (typoError) setTypoError(null);
      }}
      onBlur={onBlur}
      splitChars={[',', ' ', ';']}
      acceptValueOnBlur
      maxTags={MAX}
      clearable={!readOnly}
      readOnly={readOnly}
      error={typoError ?? error}
    />
  );
}
