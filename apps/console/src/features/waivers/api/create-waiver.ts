import type { z } from '@lanebook/core/zod';
import type { Waiver, waiverSchema } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';

export type WaiverValues = z.output<typeof waiverSchema.fields>;

export const createWaiver = (body: WaiverValues) => http.post<Waiver>('/api/private/waivers', body);
