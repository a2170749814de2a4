import type { MailPreview, MailPreviewBody, MailTestAnswer } from '@lanebook/core/catalog';
import { http } from '../../../lib/api';

/** The template as typed, rendered over the venue's latest booking (or a made-up one). */
export const previewMail = (body: MailPreviewBody) => http.post<MailPreview>('/api/private/mailing-template/preview', body);

/** "Send me a test": to the signed-in user's own address only. */
export const sendTestMail = (body: MailPreviewBody) => http.post<MailTestAnswer>('/api/private/mailing-template/test', body);
