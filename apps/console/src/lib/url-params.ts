import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

/**
 * A list page's filters, kept in the address so a reload or coming back keeps them. Each change
 * starts from the address bar, not from the render's params: a navigation is a transition, and
 * a change typed right after another (a search right after choosing its field) must keep both.
 * A change other than the page's number starts again from the first page.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const clear = () => setParams({}, { replace: true });
  return { params, setParam, clear };
}

/**
 * A typed field whose value lives in the address (a search, a date): the field holds what is
 * typed at once, and the address follows after a pause, so no keystroke is lost to a navigation.
 * When the address changes from elsewhere (back/forward, Clear filters, a link), the field
 * follows it. Answers the field's value, its setter, and the value the address holds.
 */
export function useDebouncedUrlParam(
  params: URLSearchParams,
  setParam: (changes: Record<string, string | null>) => void,
  key: string,
  delay = 300,
) {
  const inAddress = params.get(key) ?? '';
  const [value, setValue] = useState(inAddress);
  // Values this field wrote that the address has not shown yet: a navigation lands later, and
  // its arrival must not be mistaken for a change from elsewhere (that would undo typing).
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(inAddress);
    if (at >= 0) pending.current.splice(0, at + 1);
    else {
      pending.current = [];
      setValue(inAddress);
    }
  }, [inAddress]);
  const [settled] = useDebouncedValue(value, delay);
  useEffect(() => {
    if (settled !== value || settled === (pending.current.at(-1) ?? inAddress)) return;
    pending.current.push(settled);
    setParam({ [key]: settled || null });
    // Only a settled value writes; setParam reads the address afresh each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [value, setValue, inAddress] as const;
}
