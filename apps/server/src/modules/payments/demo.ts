import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../platform/payments/provider.js';
import type { SandboxProvider } from '../../platform/payments/sandbox.js';
import { venueRowById } from '../venues/service.js';
import { ensureAccount, syncAccountStatus } from './service.js';

/**
 * The demo venue takes card payments from its first start, so a fresh `npm start` can book and
 * pay through the widget: its sandbox account gets a bank account and is verified as an owner
 * would through the Verify banner. Only with the sandbox, never with a real provider, and only
 * while the demo venue has no payment account (once it has one, it is the owner's to keep).
 */
export async function activateDemoPayments(db: Db, provider: PaymentProvider, venueId: string) {
  if (provider.name !== 'sandbox') return;
  const sandbox = provider as SandboxProvider;
  const venue = await venueRowById(db, venueId);
  if (!venue || venue.paymentAccountId) return;
  const account = await ensureAccount(db, sandbox, venue);
  if ((await sandbox.listBankAccounts(account)).length === 0) {
    await sandbox.addBankAccount(
      account,
      {
        accountHolderName: venue.companyName || venue.name,
        country: venue.country === 'CA' ? 'CA' : 'US',
        currency: venue.country === 'CA' ? 'cad' : 'usd',
        accountNumber: '000123456789',
        routingNumber: '110000000',
        isDefaultForCurrency: true,
      },
      `demo-bank:${venueId}`,
    );
  }
  const link = await sandbox.onboardingLink(account, { returnUrl: '/', refreshUrl: '/' });
  await sandbox.verify(new URL(link).pathname.split('/').pop()!);
  await syncAccountStatus(db, sandbox, venueId, account);
}
