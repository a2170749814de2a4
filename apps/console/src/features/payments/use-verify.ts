import { useMutation } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { usePaymentsInfo } from '../../lib/payments-info';
import { openProviderPage } from '../../lib/provider-page';
import { createOnboardLink } from './api/create-onboard-link';

/**
 * "Verify": asks the server for the provider's verification page and goes there; the provider
 * sends the browser back to the page it left. Shared by the banner and the bank accounts page.
 */
export function useVerifyPaymentAccount() {
  const info = usePaymentsInfo();
  const provider = info.data?.provider;
  const verify = useMutation({
    mutationFn: async () => {
      if (!provider) throw new Error('The payment account could not be loaded. Reload the page and try again.');
      const { url } = await createOnboardLink(provider, window.location.href);
      openProviderPage(url);
    },
    onError: notifyError,
  });
  return {
    start: () => verify.mutate(),
    // Still busy once the link is opened: the browser is leaving the page.
    loading: verify.isPending || verify.isSuccess,
    ready: Boolean(provider),
  };
}
