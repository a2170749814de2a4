import type { PaymentProviderName } from '@lanebook/core/payment-schemas';
import { http } from '../../../lib/api';

/** The provider's page where the venue verifies its payment account; it sends the browser back to `returnUrl`. */
export const createOnboardLink = (provider: PaymentProviderName, returnUrl: string) =>
  http.post<{ url: string }>(`/api/private/${provider}/onboard-link`, { returnUrl });
