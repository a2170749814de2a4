import { describe, expect, test } from 'vitest';
import { landingPath } from './landing';

const session = (allowed: boolean, timezone = 'America/New_York') => ({
  can: () => allowed,
  me: { venue: { timezone } } as never,
});

describe('where / lands', () => {
  // 03:30 UTC on the 27th is still the 26th in New York.
  const now = new Date('2026-11-27T03:30:00Z');

  test('the dashboard for those allowed to see it', () => {
    expect(landingPath(session(true), 'statistics.view', now)).toBe('/dashboard');
  });

  test('others: today lane view, the venue today', () => {
    expect(landingPath(session(false), 'statistics.view', now)).toBe('/calendar?view=lanes&date=2026-11-26');
    expect(landingPath(session(false, 'Europe/Berlin'), 'statistics.view', now)).toBe('/calendar?view=lanes&date=2026-11-27');
  });
});
