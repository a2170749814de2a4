import { useId, useState, type ReactNode } from 'react';
import { Button, Group, Input, Pill, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatVenueDate } from '@lanebook/core/format';
import { DEFAULT_DATE_FORMAT } from '@lanebook/core/venue';
import { useSession } from '../../lib/session';

export interface DateListInputProps {
  label: string;
  description?: ReactNode;
  /** Dates as YYYY-MM-DD, kept sorted. */
  value: string[];
  onChange: (dates: string[]) => void;
  error?: string;
  readOnly?: boolean;
}

/** A list of calendar days (holidays): pick a day and add it; each shows in the venue's date format. */
export function DateListInput({ label, description, value, onChange, error, readOnly }: DateListInputProps) {
  const pickerId = useId();
  const dateFormat = useSession().me?.venue?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  // A calendar day has no zone: format it as the same day in UTC.
  const show = (day: string) => formatVenueDate(new Date(`${day}T00:00:00Z`), 'UTC', dateFormat);

  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft)) {
      setDraftError('Pick a date first');
      return;
    }
    if (value.includes(draft)) {
      setDraftError(`${show(draft)} is already in the list`);
      return;
    }
    onChange([...value, draft].sort());
    setDraft('');
    setDraftError(null);
  };

  return (
    // The wrapper's label names the date box, where a date is added.
    <Input.Wrapper label={label} description={description} error={error} id={pickerId}>
      {/* A list only when it holds dates: "None" is not a list item. */}
      <Group gap={6} mt={6} mb={readOnly ? 0 : 'xs'} role={value.length > 0 ? 'list' : undefined} data-testid="date-list">
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          value.map((day) => (
            <Pill
              key={day}
              role="listitem"
              withRemoveButton={!readOnly}
              onRemove={() => onChange(value.filter((other) => other !== day))}
              removeButtonProps={{ 'aria-label': `Remove ${show(day)}` }}
            >
              {show(day)}
            </Pill>
          ))
        )}
      </Group>
      {readOnly ? null : (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            id={pickerId}
            type="date"
            aria-describedby={undefined}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setDraftError(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the date instead of submitting the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            error={draftError}
            w={180}
          />
          <Button variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
            Add date
          </Button>
        </Group>
      )}
    </Input.Wrapper>
  );
}
