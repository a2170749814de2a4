import type { Waiver } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';
import type { WaiverValues } from './create-waiver';

/** The whole waiver: its fields and checkboxes are lists, saved as the builder shows them. */
export const updateWaiver = (id: string, body: WaiverValues) => http.patch<Waiver>(`/api/private/waivers/${encodeURIComponent(id)}`, body);
