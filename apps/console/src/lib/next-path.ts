/**
 * The `next` query parameter of /login, kept only when it is a path of this site: an
 * absolute or protocol-relative URL there would turn sign-in into an open redirect.
 */
export function safeNextPath(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  try {
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname === '/login') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
