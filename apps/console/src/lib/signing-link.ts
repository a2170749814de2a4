/** The public page where a booking's players sign its waiver without an account: the link the desk shares. */
export const signingLinkOf = (bookingReference: string, origin = window.location.origin) =>
  `${origin}/sign/${encodeURIComponent(bookingReference)}`;
