import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Divider,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import type { PublicWaiver, SigningBody, WaiverField } from '@lanebook/core/waiver-schemas';
import { RichText } from '../RichText';
import { SignaturePadField } from './SignaturePadField';
import { askedFields, buildSigningBody, fieldName, isMinor, type SigningState, type SigningValue } from '@lanebook/core/signing-form';

/** What the form shows of the waiver to sign: the waiver as shown, and the venue's age of majority. */
type SigningWaiver = Pick<PublicWaiver, 'waiver' | 'ageOfMajority'>;

export interface SigningFormProps {
  /** The PublicWaiver being signed (or, in the builder's preview, one made from the form). */
  waiver: SigningWaiver;
  onSubmit: (body: SigningBody) => void;
  submitting?: boolean;
  /** The server's field errors by path (fields.<key or label>, checkboxes.N, signature...). */
  serverErrors?: Record<string, string>;
  submitLabel?: string;
  /** Values the form starts with (the booker's name and email for their own signature), editable. */
  initialValues?: SigningState['values'];
}

/**
 * The waiver to sign: intro, text, the enabled fields by sort weight, checkboxes and the signature
 * pad; a minor's guardian signs too. Large inputs, for a tablet at the desk. Shared by the desk and
 * public signing pages and the waiver builder's preview. A new signing remounts it (a `key`).
 */
export function SigningForm({
  waiver,
  onSubmit,
  submitting = false,
  serverErrors,
  submitLabel = 'Sign waiver',
  initialValues,
}: SigningFormProps) {
  const [state, setState] = useState<SigningState>({
    values: { ...initialValues },
    checked: [],
    signature: null,
    guardianName: '',
    guardianSignature: null,
  });
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  // A change clears the error shown under what changed, whether it came from here or the server.
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  const errors: Record<string, string> = { ...serverErrors, ...clientErrors };
  const errorOf = (path: string) => (cleared.has(path) ? undefined : errors[path]);
  const touch = (path: string) => {
    setClientErrors(({ [path]: _, ...rest }) => rest);
    setCleared((paths) => new Set(paths).add(path));
  };

  const { title, intro, text, fields, checkboxes } = waiver.waiver;
  const asked = askedFields(fields);
  const minor = isMinor(state.values, fields, waiver.ageOfMajority);

  const setValue = (name: string, value: SigningValue) => {
    setState((s) => ({ ...s, values: { ...s.values, [name]: value } }));
    touch(`fields.${name}`);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const { errors: found, body } = buildSigningBody(waiver, state);
    setClientErrors(found);
    setCleared(new Set());
    if (body) onSubmit(body);
  };

  // Errors the form has no place for (a field the waiver no longer asks): shown above the button.
  const placed = new Set([
    ...asked.map((f) => `fields.${fieldName(f)}`),
    ...checkboxes.map((_, i) => `checkboxes.${i}`),
    'signature',
    'guardianName',
    'guardianSignature',
  ]);
  const unplaced = Object.entries(serverErrors ?? {}).filter(([path]) => !placed.has(path) && !cleared.has(path));

  return (
    <form noValidate onSubmit={submit} data-testid="signing-form">
      <Stack gap="lg">
        <Title order={2} data-testid="waiver-title">
          {title}
        </Title>
        {intro ? (
          <Text size="lg" style={{ whiteSpace: 'pre-wrap' }} data-testid="waiver-intro">
            {intro}
          </Text>
        ) : null}
        <RichText html={text} data-testid="waiver-text" />

        {asked.length ? <Divider /> : null}
        {asked.map((field) => (
          <SigningFieldInput
            key={fieldName(field)}
            field={field}
            value={state.values[fieldName(field)]}
            onChange={(value) => setValue(fieldName(field), value)}
            error={errorOf(`fields.${fieldName(field)}`)}
          />
        ))}

        {checkboxes.length ? (
          <Stack gap="sm">
            {checkboxes.map((checkbox, index) => (
              <Checkbox
                key={index}
                size="lg"
                label={checkbox.text}
                required={checkbox.isRequired}
                checked={state.checked[index] === true}
                onChange={(event) => {
                  const value = event.currentTarget.checked;
                  setState((s) => {
                    const checked = [...s.checked];
                    checked[index] = value;
                    return { ...s, checked };
                  });
                  touch(`checkboxes.${index}`);
                }}
                error={errorOf(`checkboxes.${index}`)}
                styles={{ label: { whiteSpace: 'pre-wrap' } }}
              />
            ))}
          </Stack>
        ) : null}

        <SignaturePadField
          label="Sign here"
          onChange={(png) => {
            setState((s) => ({ ...s, signature: png }));
            touch('signature');
          }}
          error={errorOf('signature')}
        />

        {minor ? (
          <Stack gap="md" data-testid="guardian-section">
            <Alert color="blue" icon={<IconUserShield size={20} />} title="Parent or guardian">
              The signer is under {waiver.ageOfMajority}: a parent or guardian signs as well.
            </Alert>
            <TextInput
              size="lg"
              label="Guardian's full name"
              required
              value={state.guardianName}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setState((s) => ({ ...s, guardianName: value }));
                touch('guardianName');
              }}
              error={errorOf('guardianName')}
              autoComplete="off"
            />
            <SignaturePadField
              label="Guardian's signature"
              data-testid="guardian-signature-pad"
              onChange={(png) => {
                setState((s) => ({ ...s, guardianSignature: png }));
                touch('guardianSignature');
              }}
              error={errorOf('guardianSignature')}
            />
          </Stack>
        ) : null}

        {unplaced.length ? (
          <Alert color="red" data-testid="signing-errors">
            {unplaced.map(([path, message]) => (
              <Text size="sm" key={path}>
                {message}
              </Text>
            ))}
          </Alert>
        ) : null}

        <Button type="submit" size="lg" loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  address: 'street-address',
  phone: 'tel',
  email: 'email',
};

function SigningFieldInput({
  field,
  value,
  onChange,
  error,
}: {
  field: WaiverField;
  value: SigningValue;
  onChange: (value: SigningValue) => void;
  error: string | undefined;
}) {
  const common = {
    size: 'lg' as const,
    label: field.label,
    description: field.hint || undefined,
    required: field.isRequired,
    error,
  };
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  switch (field.type) {
    case 'flag':
      return (
        <Checkbox
          size="lg"
          label={field.label}
          description={field.hint || undefined}
          required={field.isRequired}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'numeric':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
        />
      );
    case 'select':
      return field.isAllowCustomOption ? (
        <Autocomplete {...common} data={field.options} value={text} onChange={onChange} placeholder="Choose or type" />
      ) : (
        <Select {...common} data={field.options} value={text || null} onChange={(next) => onChange(next ?? undefined)} />
      );
    case 'multiple':
      return field.isAllowCustomOption ? (
        <TagsInput {...common} data={field.options} value={list} onChange={onChange} placeholder="Choose or type, then Enter" />
      ) : (
        <MultiSelect {...common} data={field.options} value={list} onChange={onChange} />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete={field.key === 'birthdate' ? 'bday' : 'off'}
        />
      );
    default: {
      const autoComplete = (field.key && AUTOCOMPLETE[field.key]) || 'off';
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text'}
          inputMode={field.type === 'phone' ? 'tel' : field.type === 'email' ? 'email' : undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete={autoComplete}
        />
      );
    }
  }
}
