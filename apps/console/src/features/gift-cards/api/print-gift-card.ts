import { client } from '../../../lib/api';

/**
 * The printable card (a PDF with the code written out and as a QR code) for the code the sale
 * answered: the server never reads a code back, so the console sends it and the server checks it.
 */
export const printableGiftCard = (id: string, code: string) =>
  client.postFile('/api/private/gift-cards/{id}/pdf', 'gift-card.pdf', { path: { id }, body: { code } });
