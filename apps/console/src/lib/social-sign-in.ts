/**
 * Sign-in with a social / OpenID Connect provider in a popup window (no framework).
 *
 *   // In the click handler itself (browsers only allow popups opened by a user gesture):
 *   onClick={() => signInWithPopup(provider.id).then(reloadSession, (error: Error) => showError(error.message))}
 *
 * provider.id comes from GET /api/public/auth-config ('google', 'oidc'). The promise resolves
 * once the Lanebook session cookie is set (then load /api/private/me as after a password
 * sign-in) and rejects with an Error whose message can be shown to the user.
 *
 * How it works: the popup opens better-auth's oauth-popup flow on our own origin
 * (/api/auth/oauth-popup/start), goes to the provider and back to better-auth's callback,
 * which sets the session cookie and answers a page that posts the outcome to this window and
 * closes itself. The session token in that message is not kept: the console uses the cookie,
 * and this checks that the browser kept it.
 */

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 650;
const POPUP_NAME = 'lanebook-sign-in';
const MESSAGE_TYPE = 'better-auth:oauth-popup';
const POLL_MS = 400;
const TIMEOUT_MS = 5 * 60 * 1000;

/** The error of a failed popup sign-in; `code` is better-auth's or the provider's error code. */
export class SocialSignInError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'SocialSignInError';
  }
}

interface PopupMessage {
  type?: unknown;
  nonce?: unknown;
  token?: unknown;
  error?: { code?: unknown; description?: unknown };
}

const TRY_AGAIN = 'The sign-in expired or was started in another window. Try again.';
const MESSAGES: Record<string, string> = {
  access_denied: 'Sign-in was cancelled at the provider.',
  account_not_linked:
    'This email address already has a Lanebook account that is not linked to this provider. Sign in with your password instead.',
  signup_disabled: 'There is no Lanebook account for this sign-in.',
  email_not_found: 'The provider did not share an email address, which Lanebook needs to sign you in.',
  email_not_verified: 'The provider has not verified your email address.',
  account_already_linked_to_different_user: 'This provider account is already linked to another Lanebook user.',
  state_mismatch: TRY_AGAIN,
  state_not_found: TRY_AGAIN,
  provider_not_found: 'This sign-in option is not available any more. Reload the page.',
  oauth_provider_not_found: 'This sign-in option is not available any more. Reload the page.',
};

function messageFor(code: string, description: string | undefined): string {
  const lower = code.toLowerCase();
  if (MESSAGES[lower]) return MESSAGES[lower];
  // Lanebook's own refusals (a disabled account) carry a message written for the user.
  if (description && code === code.toUpperCase()) return description;
  return description ? `Sign-in failed: ${description}` : `Sign-in with the provider failed (${code}). Try again.`;
}

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

/** Whether this browser now holds a Lanebook session (the cookie the callback set). */
async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { session?: unknown } | null;
    return Boolean(body?.session);
  } catch {
    return false;
  }
}

/**
 * A JSON error shown in the popup instead of the provider (the start refused: an untrusted
 * origin, a rate limit). The popup is on our origin then, so its page can be read.
 */
function readPopupError(popup: Window): { message: string; code: string } | null {
  try {
    if (popup.location.origin !== window.location.origin) return null;
    const doc = popup.document;
    if (!doc || doc.contentType !== 'application/json' || !popup.location.pathname.startsWith('/api/')) return null;
    const body = JSON.parse(doc.body?.textContent ?? '') as { message?: unknown; code?: unknown };
    const message = typeof body.message === 'string' && body.message ? body.message : 'The server refused to start the sign-in.';
    return { message: `Sign-in could not start: ${message}`, code: typeof body.code === 'string' ? body.code : 'start_failed' };
  } catch {
    return null; // Cross-origin (at the provider) or still loading.
  }
}

let pending: { popup: Window; promise: Promise<void> } | null = null;

/**
 * Opens the provider's sign-in in a popup (about 500x650, centred on this window) and
 * resolves when the Lanebook session is established. Call it straight from a click handler.
 */
export function signInWithPopup(providerId: string): Promise<void> {
  if (pending && !pending.popup.closed) {
    pending.popup.focus();
    return pending.promise;
  }
  const nonce = randomNonce();
  const start = new URL('/api/auth/oauth-popup/start', window.location.origin);
  start.searchParams.set('provider', providerId);
  start.searchParams.set('popupOrigin', window.location.origin);
  start.searchParams.set('popupNonce', nonce);
  // window.open before any await, so it still counts as the user's click.
  const popup = window.open(start.toString(), POPUP_NAME, popupFeatures());
  if (!popup) {
    return Promise.reject(
      new SocialSignInError('Your browser blocked the sign-in window. Allow pop-ups for this site and try again.', 'popup_blocked'),
    );
  }
  popup.focus();

  const promise = new Promise<void>((resolve, reject) => {
    let settled = false;
    let closedChecks = 0;

    const finish = (error: SocialSignInError | null) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      try {
        if (!popup.closed) popup.close();
      } catch {
        // A window we can no longer reach.
      }
      if (pending?.popup === popup) pending = null;
      if (error) reject(error);
      else resolve();
    };

    const succeed = async () => {
      if (await hasSession()) finish(null);
      else
        finish(
          new SocialSignInError(
            'You signed in with the provider, but this browser did not keep the Lanebook session. Allow cookies for this site and try again.',
            'no_session',
          ),
        );
    };

    function onMessage(event: MessageEvent) {
      // Only the page in our popup, answering this attempt, counts; the session check below is the proof.
      if (event.source !== popup) return;
      const data = event.data as PopupMessage | null;
      if (!data || data.type !== MESSAGE_TYPE || data.nonce !== nonce) return;
      window.clearInterval(poll);
      if (data.error) {
        const code = typeof data.error.code === 'string' && data.error.code ? data.error.code : 'sign_in_failed';
        const description = typeof data.error.description === 'string' ? data.error.description : undefined;
        finish(new SocialSignInError(messageFor(code, description), code));
        return;
      }
      void succeed();
    }

    const poll = window.setInterval(() => {
      if (settled) return;
      if (popup.closed) {
        // Let a message posted just before closing arrive, then decide by the session itself.
        closedChecks += 1;
        if (closedChecks < 2) return;
        window.clearInterval(poll);
        void hasSession().then((signedIn) =>
          finish(signedIn ? null : new SocialSignInError('The sign-in window was closed before sign-in finished.', 'popup_closed')),
        );
        return;
      }
      const startError = readPopupError(popup);
      if (startError) finish(new SocialSignInError(startError.message, startError.code));
    }, POLL_MS);

    const timeout = window.setTimeout(
      () => finish(new SocialSignInError('Sign-in took too long and was stopped. Try again.', 'popup_timeout')),
      TIMEOUT_MS,
    );

    window.addEventListener('message', onMessage);
  });
  pending = { popup, promise };
  return promise;
}
