/** What a check-in should be told before it happens: another day's booking, waivers still to sign, money still due. */
export interface CheckInFacts {
  playersCount: number;
  numberOfSignedWaivers: number;
  /** In cents. */
  due: number;
  /** The booking's venue date (YYYY-MM-DD). */
  date: string | null;
}

export interface CheckInWarnings {
  /** Players without a signed waiver (0 when the product asks for none). */
  missingWaivers: number;
  /** Cents still to collect. */
  due: number;
  /** The booking's date when it is not the venue's today: checking in another day's booking is asked first. */
  otherDay: string | null;
  /** The ban note when the booking's guest is flagged as banned ('' without a note); null when they are not. */
  banned: string | null;
}

/** "Sat 3 Dec": a venue date (YYYY-MM-DD) as the desk reads it beside today. */
export function shortDayLabel(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(noon);
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
}

/**
 * The warnings of a check-in. Waivers count only when the product asks for one: a venue without
 * waivers is never warned about them. While the product is not known yet, they count.
 */
export function checkInWarnings(
  booking: CheckInFacts,
  waiverRequired: boolean,
  today: string,
  banned: string | null = null,
): CheckInWarnings {
  return {
    missingWaivers: waiverRequired ? Math.max(0, booking.playersCount - booking.numberOfSignedWaivers) : 0,
    due: Math.max(0, booking.due),
    otherDay: booking.date && booking.date !== today ? booking.date : null,
    banned,
  };
}

export const hasWarnings = (warnings: CheckInWarnings) =>
  warnings.missingWaivers > 0 || warnings.due > 0 || warnings.otherDay !== null || warnings.banned !== null;

/** The sentences the question says, e.g. "0 of 4 waivers signed: 4 players have not signed." and "$40.00 is still due." */
export function warningLines(booking: CheckInFacts, warnings: CheckInWarnings, money: (cents: number) => string): string[] {
  const lines: string[] = [];
  // A ban comes first: the desk reads it before anything else.
  if (warnings.banned !== null) lines.push(warnings.banned ? `This guest is banned: ${warnings.banned}` : 'This guest is banned.');
  if (warnings.otherDay) lines.push(`This booking is on ${shortDayLabel(warnings.otherDay)}.`);
  if (warnings.missingWaivers > 0) {
    const players = warnings.missingWaivers === 1 ? '1 player has' : `${warnings.missingWaivers} players have`;
    lines.push(`${booking.numberOfSignedWaivers} of ${booking.playersCount} waivers signed: ${players} not signed.`);
  }
  if (warnings.due > 0) lines.push(`${money(warnings.due)} is still due.`);
  return lines;
}
