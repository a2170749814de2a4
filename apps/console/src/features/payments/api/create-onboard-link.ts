import type { PaymentProviderName } from '@lanebook/core/payment-schemas';
import { client } from '../../../lib/api';

/** The provider's page where the venue verifies its payment account; it sends the browser back to `returnUrl`. */
export const createOnboardLink = (provider: PaymentProviderName, returnUrl: string) =>
  client.post('/api/private/{provider}/onboard-link', { path: { provider }, body: { returnUrl } });
