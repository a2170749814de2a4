/** Money is integer cents everywhere; this is the one place it becomes text. */
export function formatMoney(cents: number, moneyFormat = '${{amount}}'): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const amount = (abs / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const rounded = Math.round(abs / 100).toLocaleString('en-US', { maximumFractionDigits: 0 });
  const text = moneyFormat.replaceAll('{{amount}}', amount).replaceAll('{{amount_rounded}}', rounded);
  return negative ? `-${text}` : text;
}

export interface VenueClockFormat {
  timezone: string;
  timeFormat: 12 | 24;
  dateFormat: string;
}

function parts(instant: Date, timeZone: string) {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(instant)) out[p.type] = p.value;
  return out;
}

/** Formats the date part with a venue dateFormat such as MM/DD/YY or YYYY-MM-DD, in the venue zone. */
export function formatVenueDate(instant: Date, timezone: string, dateFormat = 'MM/DD/YY'): string {
  const p = parts(instant, timezone);
  return dateFormat.replace('YYYY', p.year).replace('YY', p.year.slice(-2)).replace('MM', p.month).replace('DD', p.day);
}

export function formatVenueTime(instant: Date, timezone: string, timeFormat: 12 | 24 = 12, withSeconds = true): string {
  const p = parts(instant, timezone);
  const hour = Number(p.hour);
  const sec = withSeconds ? `:${p.second}` : '';
  if (timeFormat === 24) return `${p.hour}:${p.minute}${sec}`;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${p.minute}${sec} ${hour < 12 ? 'AM' : 'PM'}`;
}

export function formatVenueClock(instant: Date, venue: VenueClockFormat): string {
  return `${formatVenueDate(instant, venue.timezone, venue.dateFormat)} ${formatVenueTime(instant, venue.timezone, venue.timeFormat)}`;
}

/** A moment in the venue's zone and formats, as a customer reads it: 12/24/26 10:00 AM. */
export function venueMoment(instant: Date, venue: VenueClockFormat) {
  return `${formatVenueDate(instant, venue.timezone, venue.dateFormat)} ${formatVenueTime(instant, venue.timezone, venue.timeFormat, false)}`;
}

/** A booking's time span in the venue's zone: 12/24/26 10:00 AM–12:00 PM. */
export function venueSpan(startsAt: Date, endsAt: Date, venue: VenueClockFormat) {
  return `${venueMoment(startsAt, venue)}–${formatVenueTime(endsAt, venue.timezone, venue.timeFormat, false)}`;
}

/**
 * Digits of any script (Arabic-Indic ٠-٩, Persian ۰-۹, Devanagari, full-width...) as 0-9. Unicode
 * places each script's ten digits in a run from its zero, so a digit's value is its distance from
 * the run's start, modulo 10 (runs of several sets, the mathematical digits, hold whole tens).
 */
export function asciiDigits(value: string): string {
  return value.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0)!;
    let start = code;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
    return String((code - start) % 10);
  });
}

/** Phone numbers are kept as digits (of any script, read as 0-9) and a leading plus. */
export function normalizePhone(value: string): string {
  return asciiDigits(value).replace(/[^\d+]/g, '');
}

/** The "Recent" label of the booking list: under 20 minutes is 'new'. */
export function recentLabel(instant: Date, now = new Date()): string {
  const minutes = Math.floor((now.getTime() - instant.getTime()) / 60000);
  if (minutes < 20) return 'new';
  if (minutes < 60) return `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  const months = Math.floor(days / 30);
  if (months < 12) return `${months} month${months === 1 ? '' : 's'} ago`;
  // Twelve 30-day months are 360 days: from there on it is at least a year.
  const years = Math.max(1, Math.floor(days / 365));
  return `${years} year${years === 1 ? '' : 's'} ago`;
}

/** A product's cancellation period as a customer reads it: "24 hours", "1 day", "2 days". */
export function cancellationPeriodText(amount: number, unit: 'hours' | 'days'): string {
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}

/**
 * What a customer is told about cancelling their booking, true for this booking (decision 039):
 * until when it can be canceled online, or that it no longer can (a booking made inside the
 * period). `until` is the deadline as the venue writes it; null once the booking is over or canceled.
 */
export function cancellationSentence(period: string, until: string | null, isCancellable: boolean): string {
  if (isCancellable && until) return `You can cancel your booking online up to ${period} before it starts: until ${until}.`;
  if (until)
    return `Online cancellation closes ${period} before the start, so this booking can no longer be canceled online: contact the venue to change it.`;
  return '';
}
