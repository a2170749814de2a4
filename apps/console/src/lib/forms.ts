import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';
import { notifyError } from './notify';

/**
 * Shows a failed save on the form: field errors from the server's 400 go under their fields
 * (the server validates with the same zod schema, so paths match the form's names, or do below
 * `under`); anything else becomes an error toast.
 */
export function showSaveError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, options: { under?: string } = {}) {
  if (error instanceof ApiError && error.fields.length) {
    const known = new Set(Object.keys(form.getValues()));
    let shown = false;
    for (const field of error.fields) {
      // A form of one part of a body (the venue's giftCards) names its fields without the part.
      const path = options.under && field.path.startsWith(`${options.under}.`) ? field.path.slice(options.under.length + 1) : field.path;
      const root = path.split('.')[0];
      if (known.has(root)) {
        form.setError(path as Path<T>, { type: 'server', message: field.message });
        shown = true;
      }
    }
    if (shown) return;
  }
  notifyError(error);
}

/**
 * A failed save on a form kept in component state: the server's field errors by path
 * (`reservationInfo.firstName`...) go to `show`; anything else becomes an error toast.
 */
export function showFieldErrors(error: unknown, show: (fields: Record<string, string>) => void) {
  if (error instanceof ApiError && error.fields.length) show(Object.fromEntries(error.fields.map((f) => [f.path, f.message])));
  else notifyError(error);
}
