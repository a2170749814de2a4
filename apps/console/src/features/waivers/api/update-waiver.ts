import { client } from '../../../lib/api';
import type { WaiverValues } from './create-waiver';

/** The whole waiver: its fields and checkboxes are lists, saved as the builder shows them. */
export const updateWaiver = (id: string, body: WaiverValues) => client.patch('/api/private/waivers/{id}', { path: { id }, body });
