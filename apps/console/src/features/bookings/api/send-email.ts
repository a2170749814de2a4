import type { SendEmailBody } from '@lanebook/core/booking-schemas';
import { client } from '../../../lib/api';

export const sendBookingEmail = (id: string, body: SendEmailBody) =>
  client.post('/api/private/booking/{id}/sendEmail', { path: { id }, body });
