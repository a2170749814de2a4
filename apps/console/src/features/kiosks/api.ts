import { queryOptions } from '@tanstack/react-query';
import type { KioskBooking } from '@lanebook/core/kiosk-schemas';
import type { SigningBody } from '@lanebook/core/waiver-schemas';
import { INTERNAL_ERROR, NO_RESPONSE_ERROR } from '@lanebook/core/messages';
import { ApiError, client } from '../../lib/api';
import { venueKey } from '../../lib/query-keys';

// ---------- The manager's side: Settings → Waiver kiosks ----------

export const kiosksKey = (venueId: string | null) => venueKey(venueId, 'kiosks');

export const kiosksQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: kiosksKey(venueId),
    queryFn: ({ signal }) => client.get('/api/private/kiosks', { signal }),
  });

export const createKiosk = (name: string) => client.post('/api/private/kiosks', { body: { name } });
export const revokeKiosk = (id: string) => client.delete('/api/private/kiosks/{id}', { path: { id } });

// ---------- The tablet's side: /kiosk, with the kiosk's token only ----------

const TOKEN_KEY = 'lanebook.kioskToken';

/** The link that opens /kiosk on the tablet and leaves the token there (read once, then removed from the address). */
export const kioskSetupUrl = (token: string) => `${window.location.origin}/kiosk#token=${encodeURIComponent(token)}`;

/** The token of the address's #token=..., kept in localStorage and taken out of the address; else the kept one. */
export function readKioskToken(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match) {
    try {
      window.localStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
    } catch {
      // Storage refused (private mode): the token lives as long as the page.
      return decodeURIComponent(match[1]);
    } finally {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** A call under /api/kiosk/ with the device's token: no session, no venue header (the token names the venue). */
async function kioskCall<T>(token: string, path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      credentials: 'omit',
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'no_response', NO_RESPONSE_ERROR, [], 'POST');
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const failure = (json ?? {}) as { code?: string; message?: string; details?: { fields?: { path: string; message: string }[] } };
    throw new ApiError(response.status, failure.code ?? 'error', failure.message || INTERNAL_ERROR, failure.details?.fields ?? [], 'POST');
  }
  return json as T;
}

export type KioskFindBody = { code: string } | { lastName: string; phoneLast4: string };

export const kioskFind = (token: string, body: KioskFindBody) => kioskCall<{ items: KioskBooking[] }>(token, '/api/kiosk/find', body);

export const kioskSign = (token: string, bookingId: string, body: SigningBody) =>
  kioskCall<{ id: string; signedCount: number }>(token, `/api/kiosk/booking/${encodeURIComponent(bookingId)}/signatures`, body);
