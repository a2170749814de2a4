import { describe, expect, it } from 'vitest';
import { bookingCalendar, escapeText, foldLine, utcStamp } from './ics.js';

const octets = (line: string) => new TextEncoder().encode(line).length;
/** Undoes the folding: a CRLF followed by a space joins the lines again (RFC 5545 3.1). */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('the booking calendar file', () => {
  it('escapes backslash, semicolon, comma and every kind of newline, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\there\u0000\u0007\u001b')).toBe('tab\there');
    expect(escapeText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('folds lines at 75 octets with a leading space, never splitting a UTF-8 character', () => {
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
    const long = `SUMMARY:${'x'.repeat(200)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(3);
    expect(parts.every((p) => octets(p) <= 75)).toBe(true);
    expect(parts[0]).toHaveLength(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(long);
    // Three-octet characters: a fold lands between two of them, not inside one.
    const wide = `SUMMARY:${'€'.repeat(60)}`;
    const wideParts = foldLine(wide).split('\r\n');
    expect(wideParts.every((p) => octets(p) <= 75)).toBe(true);
    expect(wideParts[0]).toBe(`SUMMARY:${'€'.repeat(22)}`);
    expect(unfold(foldLine(wide))).toBe(wide);
  });

  it('one VEVENT in UTC, CRLF everywhere, the summary, location and description escaped', () => {
    const text = bookingCalendar(
      {
        reference: 'ABC234DEFG',
        productName: 'Axe throwing, deluxe; with "friends"',
        venueName: 'Axe House',
        address: '1 Main St, Springfield\nSuite 2',
        startsAt: new Date('2026-11-30T15:00:00Z'),
        endsAt: new Date('2026-11-30T17:00:00.000Z'),
        manageUrl: 'http://localhost:3000/widget/booking/ABC234DEFG',
        canceled: false,
      },
      new Date('2026-11-25T08:09:10.123Z'),
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
    const lines = unfold(text).split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'UID:ABC234DEFG@lanebook',
        'DTSTAMP:20261125T080910Z',
        'DTSTART:20261130T150000Z',
        'DTEND:20261130T170000Z',
        'SUMMARY:Axe throwing\\, deluxe\\; with "friends" at Axe House',
        'LOCATION:1 Main St\\, Springfield\\nSuite 2',
        'DESCRIPTION:Booking reference: ABC234DEFG\\nView\\, move or cancel your booking: http://localhost:3000/widget/booking/ABC234DEFG',
        'STATUS:CONFIRMED',
        'END:VCALENDAR',
      ]),
    );
    expect(utcStamp(new Date('2027-01-02T03:04:05.678Z'))).toBe('20270102T030405Z');
  });

  it('a canceled booking says so; an empty address leaves LOCATION out', () => {
    const text = bookingCalendar({
      reference: 'R',
      productName: 'P',
      venueName: 'V',
      address: '',
      startsAt: new Date(0),
      endsAt: new Date(3600_000),
      manageUrl: 'http://x/widget/booking/R',
      canceled: true,
    });
    expect(text).toContain('STATUS:CANCELLED\r\n');
    expect(text).not.toContain('LOCATION');
  });
});
