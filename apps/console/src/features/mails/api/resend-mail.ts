import type { VenueMail } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';

export const resendMail = (id: string) => http.post<VenueMail>(`/api/private/mails/${encodeURIComponent(id)}/resend`);
