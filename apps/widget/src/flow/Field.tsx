import { useId } from 'react';

export type FieldValue = string | number | boolean | string[] | undefined;
export type FieldType = 'text' | 'phone' | 'email' | 'date' | 'numeric' | 'select' | 'multiple' | 'flag' | 'textarea';

interface Props {
  type: FieldType;
  label: string;
  hint?: string;
  required?: boolean;
  options?: string[];
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  error?: string;
  autoComplete?: string;
  /** A date field's first and last day (YYYY-MM-DD). */
  min?: string;
  max?: string;
  /** The error is said as it appears (a field checked alone, by a server call), not only when the field is read. */
  announce?: boolean;
  /** Input for codes: no capitalisation or spelling fixes by the phone's keyboard. */
  isCode?: boolean;
  /** The phone's keyboard for a text field (decimal: digits and a separator, for amounts). */
  inputMode?: 'decimal' | 'numeric';
}

const INPUT_TYPES: Partial<Record<FieldType, string>> = { phone: 'tel', email: 'email', date: 'date', numeric: 'number', text: 'text' };

/** One labelled input of any field type the booking form and the waiver ask; errors are tied to it. */
export function Field({
  type,
  label,
  hint,
  required,
  options = [],
  value,
  onChange,
  error,
  autoComplete,
  min,
  max,
  announce,
  isCode,
  inputMode,
}: Props) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, required };
  const text = <span>{label}</span>;
  const marker = required ? <span aria-hidden="true"> *</span> : null;
  const extra = (
    <>
      {hint ? (
        <span className="lb-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="lb-field-error" id={`${id}-error`} role={announce ? 'alert' : undefined}>
          {error}
        </span>
      ) : null}
    </>
  );

  if (type === 'flag')
    return (
      <div className="lb-field lb-check">
        <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />
        <label htmlFor={id}>
          {text}
          {marker}
        </label>
        {extra}
      </div>
    );

  if (type === 'multiple') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="lb-field" aria-describedby={describedBy}>
        <legend>
          {text}
          {marker}
        </legend>
        {options.map((option, i) => (
          <div className="lb-check" key={option}>
            <input
              id={`${id}-${i}`}
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(e) => onChange(e.currentTarget.checked ? [...chosen, option] : chosen.filter((o) => o !== option))}
            />
            <label htmlFor={`${id}-${i}`}>{option}</label>
          </div>
        ))}
        {extra}
      </fieldset>
    );
  }

  return (
    <div className="lb-field">
      <label htmlFor={id}>
        {text}
        {marker}
      </label>
      {type === 'select' ? (
        <select {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">Choose…</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : type === 'textarea' ? (
        <textarea {...common} rows={3} value={typeof value === 'string' ? value : ''} onInput={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input
          {...common}
          type={INPUT_TYPES[type] ?? 'text'}
          autoComplete={autoComplete}
          min={min}
          max={max}
          inputMode={inputMode}
          autoCapitalize={isCode ? 'characters' : undefined}
          spellCheck={isCode ? false : undefined}
          value={value === undefined ? '' : String(value)}
          onInput={(e) => {
            const raw = e.currentTarget.value;
            onChange(type === 'numeric' ? (raw === '' ? undefined : Number(raw)) : raw);
          }}
        />
      )}
      {extra}
    </div>
  );
}
