import { useId } from 'react';
import {
  Checkbox,
  ColorInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Group,
  type CheckboxGroupProps,
  type Primitive,
  type ColorInputProps,
  type RadioGroupProps,
  type SelectProps,
  type SwitchProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateListInput, type DateListInputProps } from './DateListInput';
import { EmailListInput, type EmailListInputProps } from './EmailListInput';
import { EntityMultiSelect, EntitySelect, type EntitySource } from './EntitySelect';
import { ImageUploadInput, type ImageUploadInputProps } from './ImageUploadInput';
import { KeyValueEditor, type KeyValueEditorProps } from './KeyValueEditor';
import { MoneyInput, type MoneyInputProps } from './MoneyInput';
import { NumberValueInput, type NumberValueInputProps } from './NumberValueInput';
import { PercentInput, type PercentInputProps } from './PercentInput';
import { useFormReadOnly } from './read-only';
import { TemplateTextarea, type TemplateTextareaProps } from './TemplateTextarea';
import { WeekdayPicker, type WeekdayPickerProps } from './WeekdayPicker';

/**
 * Form-bound fields: each takes `control` and a typed `name` of a react-hook-form form and wires
 * value, change, blur, the field's error message (client zod or the server's) and the read-only
 * state of the form. Collection forms are written with these, one line per field.
 */

type Bound<T extends FieldValues, O, P> = P & { control: Control<T, unknown, O>; name: Path<T> };
type Wired = 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'defaultValue' | 'readOnly';

/** The first message in an error, also when it sits under a list or object field (to.0, groups.1.from). */
export function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref' || key === 'type') continue;
    const found = errorText(nested);
    if (found) return found;
  }
  return undefined;
}

export function useBoundField<T extends FieldValues, O, N extends Path<T> = Path<T>>(control: Control<T, unknown, O>, name: N) {
  const { field, fieldState } = useController<T, N, O>({ control, name });
  return { field, fieldState, error: errorText(fieldState.error), readOnly: useFormReadOnly() };
}

export function TextField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<TextInputProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <TextInput {...props} {...field} value={field.value ?? ''} error={error} readOnly={readOnly} />;
}

export function TextareaField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<TextareaProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <Textarea autosize minRows={3} {...props} {...field} value={field.value ?? ''} error={error} readOnly={readOnly} />;
}

export function NumberField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<NumberValueInputProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <NumberValueInput {...props} {...field} error={error} readOnly={readOnly} />;
}

/** Money typed in dollars, stored as integer cents. */
export function MoneyField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<MoneyInputProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <MoneyInput {...props} {...field} error={error} readOnly={readOnly} />;
}

export function PercentField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<PercentInputProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <PercentInput {...props} {...field} error={error} readOnly={readOnly} />;
}

export function SwitchField<T extends FieldValues, O>({
  control,
  name,
  description,
  ...props
}: Bound<T, O, Omit<SwitchProps, Wired | 'checked'>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  const descriptionId = useId();
  return (
    <div>
      <Switch
        {...props}
        ref={field.ref}
        name={field.name}
        checked={Boolean(field.value)}
        onChange={(event) => field.onChange(event.currentTarget.checked)}
        onBlur={field.onBlur}
        error={error}
        disabled={readOnly || props.disabled}
        aria-describedby={description ? descriptionId : undefined}
      />
      {/* Outside the switch: Mantine puts a description inside its label, which would make it part of its name. */}
      {description ? (
        <Text id={descriptionId} size="xs" c="dimmed" pl="calc(2.375rem + var(--mantine-spacing-sm))">
          {description}
        </Text>
      ) : null}
    </div>
  );
}

/** A choice among fixed options (strings, or numbers like durations); `null` means none (with `clearable`). */
export function SelectField<T extends FieldValues, O, V extends Primitive = string>({
  control,
  name,
  ...props
}: Bound<T, O, Omit<SelectProps<V>, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return (
    <Select<V>
      allowDeselect={false}
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      error={error}
      readOnly={readOnly}
    />
  );
}

export interface Choice {
  value: string;
  label: string;
  description?: string;
}

/** A few exclusive options shown at once (radio buttons). */
export function RadioField<T extends FieldValues, O>({
  control,
  name,
  options,
  onValueChange,
  ...props
}: Bound<T, O, Omit<RadioGroupProps, Wired | 'children'>> & { options: Choice[]; onValueChange?: (value: string) => void }) {
  const { field, error, readOnly } = useBoundField(control, name);
  return (
    <Radio.Group
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? null}
      onChange={(value) => {
        field.onChange(value);
        onValueChange?.(String(value));
      }}
      error={error}
      readOnly={readOnly}
    >
      <Group gap="lg" mt={6}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} description={option.description} disabled={readOnly} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** Several of a fixed set (webhook events): the value is the list of chosen ones. */
export function CheckboxGroupField<T extends FieldValues, O>({
  control,
  name,
  options,
  ...props
}: Bound<T, O, Omit<CheckboxGroupProps, Wired | 'children'>> & { options: Choice[] }) {
  const { field, error, readOnly } = useBoundField(control, name);
  return (
    <Checkbox.Group {...props} value={field.value ?? []} onChange={field.onChange} error={error} readOnly={readOnly}>
      <Stack gap={6} mt={6}>
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} description={option.description} disabled={readOnly} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function ColorField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<ColorInputProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return (
    <ColorInput
      format="hex"
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      readOnly={readOnly}
      disallowInput={readOnly}
    />
  );
}

export function ImageField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<ImageUploadInputProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <ImageUploadInput {...props} value={field.value ?? ''} onChange={field.onChange} error={error} readOnly={readOnly} />;
}

type EntityProps<R extends { id: string }> = {
  source: EntitySource<R>;
  label: string;
  description?: string;
  placeholder?: string;
};

/** Ids of records of another collection. */
export function EntityMultiSelectField<T extends FieldValues, O, R extends { id: string }>({
  control,
  name,
  ...props
}: Bound<T, O, EntityProps<R>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return (
    <EntityMultiSelect
      {...props}
      value={field.value ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      readOnly={readOnly}
    />
  );
}

/** The id of one record of another collection, or null. */
export function EntitySelectField<T extends FieldValues, O, R extends { id: string }>({
  control,
  name,
  ...props
}: Bound<T, O, EntityProps<R>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return (
    <EntitySelect
      {...props}
      value={field.value ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      readOnly={readOnly}
    />
  );
}

export function EmailListField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<EmailListInputProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return (
    <EmailListInput
      {...props}
      value={field.value ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      readOnly={readOnly}
    />
  );
}

export function TemplateTextareaField<T extends FieldValues, O>({
  control,
  name,
  ...props
}: Bound<T, O, Omit<TemplateTextareaProps, Wired | 'inputRef'>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return (
    <TemplateTextarea
      {...props}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      readOnly={readOnly}
    />
  );
}

export function WeekdayField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<WeekdayPickerProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <WeekdayPicker {...props} value={field.value ?? []} onChange={field.onChange} error={error} readOnly={readOnly} />;
}

export function DateListField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<DateListInputProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <DateListInput {...props} value={field.value ?? []} onChange={field.onChange} error={error} readOnly={readOnly} />;
}

export function KeyValueField<T extends FieldValues, O>({ control, name, ...props }: Bound<T, O, Omit<KeyValueEditorProps, Wired>>) {
  const { field, error, readOnly } = useBoundField(control, name);
  return <KeyValueEditor {...props} value={field.value ?? {}} onChange={field.onChange} error={error} readOnly={readOnly} />;
}
