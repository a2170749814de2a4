import { useState, type ReactNode } from 'react';
import { Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { deepEqual } from '../collection/values';

type Settings = Record<string, unknown>;
interface Row {
  uid: number;
  key: string;
  text: string;
  /** The saved value, kept with its type (number, boolean) while its text is not edited. */
  original?: unknown;
}

let nextUid = 1;
const rowsOf = (value: Settings): Row[] =>
  Object.entries(value).map(([key, original]) => ({ uid: nextUid++, key, text: original === null ? '' : String(original), original }));

function toSettings(rows: Row[]): Settings {
  const out: Settings = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key || key in out) continue;
    const untouched = row.original !== undefined && row.text === (row.original === null ? '' : String(row.original));
    out[key] = untouched ? row.original : row.text;
  }
  return out;
}

export interface KeyValueEditorProps {
  label: string;
  description?: ReactNode;
  value: Settings;
  onChange: (value: Settings) => void;
  error?: string;
  readOnly?: boolean;
}

/** Free-form settings as key/value rows; empty keys are left out, a repeated key keeps its first value. */
export function KeyValueEditor({ label, description, value, onChange, error, readOnly }: KeyValueEditorProps) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // A value from outside (form reset) rebuilds the rows; our own edits echo back equal.
    setSeen(value);
    if (!deepEqual(value, toSettings(rows))) setRows(rowsOf(value));
  }

  const commit = (next: Row[]) => {
    setRows(next);
    onChange(toSettings(next));
  };
  const update = (uid: number, patch: Partial<Row>) => commit(rows.map((row) => (row.uid === uid ? { ...row, ...patch } : row)));
  const keyCount = (key: string) => rows.filter((row) => row.key.trim() === key.trim()).length;

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap="xs" mt={6}>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No settings yet.
          </Text>
        ) : null}
        {rows.map((row, index) => (
          <Group key={row.uid} gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label="Key"
              aria-label={`Setting ${index + 1} key`}
              value={row.key}
              onChange={(event) => update(row.uid, { key: event.currentTarget.value })}
              readOnly={readOnly}
              error={row.key.trim() && keyCount(row.key) > 1 ? 'This key repeats; only its first value is kept' : undefined}
              style={{ flex: '1 1 160px' }}
            />
            <TextInput
              label="Value"
              aria-label={`Setting ${index + 1} value`}
              value={row.text}
              onChange={(event) => update(row.uid, { text: event.currentTarget.value })}
              readOnly={readOnly}
              style={{ flex: '2 1 220px' }}
            />
            {readOnly ? null : (
              <Button
                variant="subtle"
                color="red"
                mt={25}
                leftSection={<IconTrash size={14} />}
                aria-label={`Remove setting ${index + 1}`}
                onClick={() => commit(rows.filter((other) => other.uid !== row.uid))}
              >
                Remove
              </Button>
            )}
          </Group>
        ))}
        {readOnly ? null : (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setRows([...rows, { uid: nextUid++, key: '', text: '' }])}
            >
              Add setting
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
