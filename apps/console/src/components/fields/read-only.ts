import { createContext, useContext } from 'react';

/**
 * Set by the form machinery when the user may look but not change (no edit permission):
 * every field component reads it, so a form declaration never passes it field by field.
 */
export const FormReadOnlyContext = createContext(false);

export function useFormReadOnly(): boolean {
  return useContext(FormReadOnlyContext);
}
