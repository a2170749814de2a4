import type { z } from '@lanebook/core/zod';
import type { waiverSchema } from '@lanebook/core/waiver-schemas';
import { client } from '../../../lib/api';
import { emitTourEvent } from '../../../lib/tour-events';

export type WaiverValues = z.output<typeof waiverSchema.fields>;

export const createWaiver = async (body: WaiverValues) => {
  const waiver = await client.post('/api/private/waivers', { body });
  emitTourEvent('waiver.created');
  return waiver;
};
