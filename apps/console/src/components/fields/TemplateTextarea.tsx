import { useId, useRef, type ReactNode, type Ref } from 'react';
import { Code, Grid, Paper, ScrollArea, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';

export interface TemplatePlaceholder {
  name: string;
  description: string;
}

export interface TemplateTextareaProps {
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  readOnly?: boolean;
  withAsterisk?: boolean;
  placeholders: readonly TemplatePlaceholder[];
  inputRef?: Ref<HTMLTextAreaElement>;
}

/**
 * A Liquid template body with the placeholders it may use listed beside it; clicking one inserts
 * `{{ name }}` where the cursor is (at the end when the box was never focused).
 */
export function TemplateTextarea({ placeholders, inputRef, onChange, value, readOnly, ...rest }: TemplateTextareaProps) {
  const titleId = useId();
  const local = useRef<HTMLTextAreaElement>(null);
  const ref = useMergedRef(local, inputRef);

  const insert = (name: string) => {
    const box = local.current;
    const token = `{{ ${name} }}`;
    const start = box?.selectionStart ?? value.length;
    const end = box?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    // Put the cursor after the inserted token once React has written the new text.
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Textarea
          {...rest}
          ref={ref}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          readOnly={readOnly}
          autosize
          minRows={12}
          maxRows={30}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="sm" h="100%">
          <Text size="sm" fw={600} id={titleId}>
            Placeholders
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {readOnly ? 'Values filled in when the email is sent.' : 'Click one to insert it at the cursor.'}
          </Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap={4} role="group" aria-labelledby={titleId}>
              {placeholders.map((placeholder) => (
                <UnstyledButton
                  key={placeholder.name}
                  onClick={() => insert(placeholder.name)}
                  disabled={readOnly}
                  aria-label={`Insert ${placeholder.name}`}
                  p={4}
                  style={{ borderRadius: 4 }}
                >
                  <Code>{`{{ ${placeholder.name} }}`}</Code>
                  <Text size="xs" c="dimmed">
                    {placeholder.description}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
