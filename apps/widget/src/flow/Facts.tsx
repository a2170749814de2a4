import type { ReactNode } from 'react';

/** A fact about the booking: its label and its value; false or null leaves the row out. */
export type Fact = readonly [label: ReactNode, value: ReactNode] | false | null;

/** The booking's facts as label and value rows (the success step and the booking page). */
export function Facts({ rows }: { rows: Fact[] }) {
  return (
    <dl className="lb-facts">
      {rows.map((row, index) =>
        row ? (
          <div key={index}>
            <dt>{row[0]}</dt>
            <dd>{row[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
