import { Liquid } from 'liquidjs';
import type { Row } from '../../platform/collections.js';
import { validationFailed } from '../../platform/errors.js';

const liquid = new Liquid();

/** A template that would fail when a mail is sent is refused when it is saved, naming the field. */
export async function assertLiquidParses(record: Row) {
  const issues: { path: string[]; message: string }[] = [];
  for (const field of ['subject', 'text']) {
    try {
      liquid.parse(String(record[field] ?? ''));
    } catch (error) {
      issues.push({ path: [field], message: `Template error: ${(error as Error).message.split('\n')[0]}` });
    }
  }
  if (issues.length) throw validationFailed(issues);
}
