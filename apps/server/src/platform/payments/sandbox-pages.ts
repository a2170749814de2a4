import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import { validationFailed } from '../errors.js';
import { escapeHtml } from '../mail-templates.js';
import { allowFraming } from '../security.js';
import type { SandboxProvider } from './sandbox.js';

/**
 * The sandbox's hosted pages (decision 021), plain server-rendered HTML with no script: the
 * checkout page where a tester pays with one of Stripe's test cards, the extra confirmation step
 * of the card that asks for one, and the verification page an onboarding link opens. Lanebook's
 * API never sees these forms; only the sandbox does, as Stripe's own pages would.
 */

const money = (cents: number, currency: string) =>
  `${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency.toUpperCase()}`;

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f3f4f8; color: #1f2330; margin: 0; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .badge { display: inline-block; font-size: 12px; background: #fff4d6; color: #7a5b00; border-radius: 6px; padding: 2px 8px; }
  h1 { font-size: 20px; margin: 12px 0 4px; } .amount { font-size: 28px; font-weight: 700; margin: 8px 0 20px; }
  label { display: block; font-size: 14px; margin: 14px 0 6px; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; font-size: 18px; padding: 12px; border: 1px solid #c9ccd6; border-radius: 8px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { width: 100%; margin-top: 20px; font-size: 18px; padding: 12px; border: 0; border-radius: 8px; background: #286eed; color: #fff; cursor: pointer; }
  button.secondary { background: #e6e8ef; color: #1f2330; }
  .error { background: #fde8e8; color: #9b1c1c; border-radius: 8px; padding: 10px 12px; margin-top: 16px; }
  .hint { font-size: 13px; color: #5c6070; } a { color: #286eed; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>
<span class="badge">Sandbox: test mode, no real money</span>${body}</main></body></html>`;
}

const send = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

function payForm(
  id: string,
  view: { accountName: string; description: string; amount: number; currency: string; cancelUrl: string },
  error?: string,
  typed: { cardNumber?: string; expiry?: string } = {},
) {
  // A refused field keeps what was typed in the others, as a card form does; the CVC is never echoed back.
  const value = (text: string | undefined) => (text ? ` value="${escapeHtml(text)}"` : '');
  return page(
    `Pay ${view.accountName}`,
    `<h1>${escapeHtml(view.accountName)}</h1>
<div class="hint">${escapeHtml(view.description)}</div>
<div class="amount">${escapeHtml(money(view.amount, view.currency))}</div>
<form method="post" action="/sandbox-pay/${encodeURIComponent(id)}">
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required${value(typed.cardNumber)}>
  <div class="row">
    <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="12/34" autocomplete="off" required${value(typed.expiry)}></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" autocomplete="off" required></div>
  </div>
  ${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
  <button type="submit">Pay</button>
</form>
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for an extra confirmation. Any future expiry and any CVC.</p>
<p><a href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></p>`,
  );
}

function message(title: string, text: string, link?: { href: string; label: string }) {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
  );
}

const idParams = z.object({ id: z.string().min(1).max(200) });
const payBody = z.object({
  cardNumber: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
});
/** A request these pages cannot read (an over-long field, say) is a 400 naming the field, as in the API. */
function readOr400<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(result.error.issues, where);
  return result.data;
}

const authenticateBody = z.object({
  outcome: z.enum(['complete', 'fail']),
  last4: z.string().regex(/^\d{4}$/),
  token: z.string().max(100),
});

/** A card's expiry as typed (MM/YY, MM/YYYY, or the same without the slash: 1229) is this month or later. */
export function expiryProblem(expiry: string, now = new Date()): string | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim()) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(expiry.replace(/\s/g, ''));
  if (!match) return "Your card's expiration date is incomplete.";
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return "Your card's expiration date is in the past.";
  return null;
}

/**
 * `frameAncestorsOf(venueId)`: who may frame the checkout page of a venue's checkout (decision
 * 024: the widget shows it in its iframe); the other pages keep the console's "no framing".
 */
export async function registerSandboxPages(
  app: FastifyInstance,
  sandbox: SandboxProvider,
  frameAncestorsOf: (venueId: string | null) => Promise<string> = async () => "'none'",
) {
  await app.register(async (scope) => {
    // The hosted pages post plain HTML forms; only this scope reads form bodies.
    await scope.register(formbody);
    const config = { access: { public: true as const } };
    const schema = { hide: true };

    const checkoutOf = async (reply: FastifyReply, id: string) => {
      const view = await sandbox.checkout(id);
      allowFraming(reply, await frameAncestorsOf(view?.venueId ?? null), 'other');
      return view;
    };

    scope.get('/sandbox-pay/:id', { config, schema }, async (request, reply) => {
      const { id } = readOr400(idParams, request.params, 'params');
      const view = await checkoutOf(reply, id);
      if (!view) return send(reply, 404, message('Payment page not found', 'This payment page does not exist.'));
      if (view.status === 'complete')
        return send(reply, 200, message('Paid', 'This payment is complete.', { href: view.successUrl, label: 'Continue' }));
      if (view.status === 'expired')
        return send(
          reply,
          410,
          message('Expired', 'This payment page has expired. Go back and start the payment again.', {
            href: view.cancelUrl,
            label: 'Go back',
          }),
        );
      return send(reply, 200, payForm(id, view));
    });

    scope.post('/sandbox-pay/:id', { config, schema }, async (request, reply) => {
      const { id } = readOr400(idParams, request.params, 'params');
      const body = readOr400(payBody, request.body ?? {}, 'body');
      const view = await checkoutOf(reply, id);
      if (!view) return send(reply, 404, message('Payment page not found', 'This payment page does not exist.'));
      const problem = !body.cardNumber.trim()
        ? 'Your card number is incomplete.'
        : (expiryProblem(body.expiry) ?? (/^\d{3,4}$/.test(body.cvc.trim()) ? null : "Your card's security code is incomplete."));
      if (problem) return send(reply, 400, payForm(id, view, problem, body));
      const outcome = await sandbox.pay(id, { number: body.cardNumber });
      if (outcome.kind === 'paid') return reply.redirect(outcome.redirect, 303);
      if (outcome.kind === 'declined') return send(reply, 402, payForm(id, view, outcome.message, body));
      const last4 = body.cardNumber.replace(/\D/g, '').slice(-4);
      // The confirmation step pays only with the token this Pay gave (sandbox.ts, confirmationToken).
      return send(
        reply,
        200,
        page(
          'Confirm this payment',
          `<h1>Confirm this payment</h1>
<p>Your bank asks you to confirm the payment of ${escapeHtml(money(view.amount, view.currency))} to ${escapeHtml(view.accountName)}.</p>
<form method="post" action="/sandbox-pay/${encodeURIComponent(id)}/authenticate">
  <input type="hidden" name="last4" value="${escapeHtml(last4)}">
  <input type="hidden" name="token" value="${escapeHtml(outcome.token)}">
  <button type="submit" name="outcome" value="complete">Complete</button>
  <button type="submit" name="outcome" value="fail" class="secondary">Fail</button>
</form>`,
        ),
      );
    });

    scope.post('/sandbox-pay/:id/authenticate', { config, schema }, async (request, reply) => {
      const { id } = readOr400(idParams, request.params, 'params');
      const parsed = authenticateBody.safeParse(request.body ?? {});
      const view = await checkoutOf(reply, id);
      if (!view) return send(reply, 404, message('Payment page not found', 'This payment page does not exist.'));
      if (!parsed.success) return send(reply, 400, payForm(id, view, 'Confirm or fail the payment on the confirmation page.'));
      const outcome = await sandbox.pay(id, {
        authenticated: parsed.data.outcome === 'complete',
        last4: parsed.data.last4,
        token: parsed.data.token,
      });
      if (outcome.kind === 'paid') return reply.redirect(outcome.redirect, 303);
      return send(reply, 402, payForm(id, view, outcome.kind === 'declined' ? outcome.message : 'The payment was not confirmed.'));
    });

    scope.get('/sandbox-verify/:id', { config, schema }, async (request, reply) => {
      const { id } = readOr400(idParams, request.params, 'params');
      const link = await sandbox.verificationLink(id);
      if (!link) return send(reply, 404, message('Link not found', 'This verification link does not exist.'));
      if (!link.usable)
        return send(
          reply,
          410,
          message('Link expired', 'This verification link was used or has expired. Start again from Lanebook.', {
            href: link.refreshUrl,
            label: 'Back to Lanebook',
          }),
        );
      return send(
        reply,
        200,
        page(
          'Verify your payment account',
          `<h1>Verify your payment account</h1>
<p>${escapeHtml(link.accountName)} asks to take card payments through the sandbox. In test mode no documents are needed: verifying enables card payments at once.</p>
<form method="post" action="/sandbox-verify/${encodeURIComponent(id)}"><button type="submit">Verify</button></form>
<p><a href="${escapeHtml(link.refreshUrl)}">Not now, back to Lanebook</a></p>`,
        ),
      );
    });

    scope.post('/sandbox-verify/:id', { config, schema }, async (request, reply) => {
      const { id } = readOr400(idParams, request.params, 'params');
      const returnUrl = await sandbox.verify(id);
      if (!returnUrl)
        return send(reply, 410, message('Link expired', 'This verification link was used or has expired. Start again from Lanebook.'));
      return reply.redirect(returnUrl, 303);
    });
  });
}
