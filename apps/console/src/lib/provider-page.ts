/**
 * Leaves the console for a page of the payment provider (its verification or hosted checkout
 * page). The server builds these links, but only an http(s) address is ever opened: a
 * `javascript:` URL given to location.assign would run in the console's page.
 */
export function openProviderPage(url: string): void {
  if (!isWebUrl(url)) throw new Error('The payment provider answered a link the console cannot open.');
  window.location.assign(url);
}

/** An absolute http(s) URL: the only kind of outside link the console follows or renders. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
