import { http } from '../../../lib/api';

export interface SendEmailBody {
  email: string;
  type: 'confirmation' | 'reminder' | 'cancellation' | 'abandoned' | 'custom';
  subject?: string;
  message?: string;
  templateId?: string | null;
}

export const sendBookingEmail = (id: string, body: SendEmailBody) =>
  http.post<void>(`/api/private/booking/${encodeURIComponent(id)}/sendEmail`, body);
