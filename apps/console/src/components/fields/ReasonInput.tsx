import { Textarea, type TextareaProps } from '@mantine/core';

export type ReasonInputProps = Omit<TextareaProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

/** Why staff did something (a cancel, an adjustment, a card given away or disabled), kept in a log or a ledger. */
export function ReasonInput({ value, onChange, ...props }: ReasonInputProps) {
  return (
    <Textarea
      label="Reason"
      autosize
      minRows={2}
      maxLength={500}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
