import { describe, expect, it } from 'vitest';
import { normalizeWidgetOrigin, WIDGET_STEP, WIDGET_STEPS, widgetOriginProblem } from './widget.js';
import { venueUpdateSchema } from './venue-schemas.js';

describe('widget origins', () => {
  it('accepts a scheme and host (a port allowed) and keeps it as browsers send Origin', () => {
    for (const [typed, origin] of [
      ['https://venue.example', 'https://venue.example'],
      ['https://Venue.Example/', 'https://venue.example'],
      ['https://venue.example:443', 'https://venue.example'],
      ['http://localhost:8080', 'http://localhost:8080'],
      ['http://127.0.0.1:5173/', 'http://127.0.0.1:5173'],
    ]) {
      expect(widgetOriginProblem(typed), typed).toBeNull();
      expect(normalizeWidgetOrigin(typed)).toBe(origin);
    }
  });

  it('refuses paths, queries, other schemes, credentials and non-addresses, saying why', () => {
    expect(widgetOriginProblem('https://venue.example/book')).toContain('scheme and host only');
    expect(widgetOriginProblem('https://venue.example/?a=1')).toContain('no path, query or #');
    expect(widgetOriginProblem('https://venue.example#x')).toContain('no path, query or #');
    expect(widgetOriginProblem('javascript:alert(1)')).toContain('must start with https:// or http://');
    expect(widgetOriginProblem('https://a:b@venue.example')).toContain('user name or password');
    expect(widgetOriginProblem('venue.example')).toContain('not a web address');
    expect(widgetOriginProblem('')).toContain('cannot be empty');
  });

  it('the venue schema trims, normalizes, refuses repeats and more than 20', () => {
    expect(venueUpdateSchema.parse({ widgetOrigins: [' https://A.example/ '] })).toEqual({ widgetOrigins: ['https://a.example'] });
    expect(venueUpdateSchema.safeParse({ widgetOrigins: ['https://a.example', 'https://A.example'] }).success).toBe(false);
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`);
    expect(venueUpdateSchema.safeParse({ widgetOrigins: many }).success).toBe(false);
  });
});

describe('widget steps', () => {
  it('names the six steps in order', () => {
    expect(WIDGET_STEPS).toEqual(['open', 'select product', 'players count', 'select slots', 'request payment', 'payment success']);
    expect(Object.values(WIDGET_STEP)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
