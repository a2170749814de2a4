/** The statement's and the summary's answers (the affiliates module's routes). */
export interface AffiliateStatement {
  affiliate: { id: string; name: string };
  from: string;
  to: string;
  items: {
    bookingId: string;
    bookingReference: string | null;
    registrationCode: string | null;
    date: string | null;
    customerName: string;
    status: string;
    total: number;
    netPaid: number;
    commission: number;
  }[];
  totals: { bookings: number; total: number; netPaid: number; commission: number };
}

export interface AffiliatesSummary {
  items: { affiliateId: string; bookings: number; commission: number }[];
}
