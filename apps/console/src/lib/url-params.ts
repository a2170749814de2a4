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
