import type { MailPreviewBody } from '@lanebook/core/catalog';
import { client } from '../../../lib/api';

/** The template as typed, rendered over the venue's latest booking (or a made-up one). */
export const previewMail = (body: MailPreviewBody) => client.post('/api/private/mailing-template/preview', { body });

/** "Send me a test": to the signed-in user's own address only. */
export const sendTestMail = (body: MailPreviewBody) => client.post('/api/private/mailing-template/test', { body });
