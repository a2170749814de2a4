import { VenueDateInput } from '../../components/fields/VenueDateInput';
import type { DashboardPeriod } from './period';

/** A custom period's two dates, typed in the venue's format (a chunk of its own: only Custom shows them). */
export default function CustomDates({ period }: { period: DashboardPeriod }) {
  return (
    <>
      <VenueDateInput label="From" value={period.customFrom} onChange={(from) => period.setCustom({ from: from || null })} w={160} />
      <VenueDateInput label="To" value={period.customTo} onChange={(to) => period.setCustom({ to: to || null })} w={160} />
    </>
  );
}
