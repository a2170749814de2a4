import { formatMoney } from '@lanebook/core/format';
import { DEFAULT_MONEY_FORMAT } from '@lanebook/core/venue';
import { useSession } from '../../lib/session';
import { NumberValueInput, type NumberValueInputProps } from './NumberValueInput';

export function useMoneyFormat(): string {
  return useSession().me?.venue?.moneyFormat ?? DEFAULT_MONEY_FORMAT;
}

/** The text around {{amount}} in the venue's money format, e.g. "$" before, " CAD" after. */
function affixes(format: string): { prefix?: string; suffix?: string } {
  const [before, after = ''] = format.split(/\{\{amount(?:_rounded)?\}\}/);
  return { prefix: before || undefined, suffix: after || undefined };
}

export type MoneyInputProps = Omit<NumberValueInputProps, 'scale' | 'decimalScale' | 'prefix' | 'suffix'>;

/**
 * The one money input: typed in dollars, stored and sent as integer cents,
 * with the venue's currency symbol from its money format.
 */
export function MoneyInput(props: MoneyInputProps) {
  const format = useMoneyFormat();
  return (
    <NumberValueInput
      min={0}
      allowNegative={false}
      thousandSeparator=","
      inputMode="decimal"
      {...props}
      {...affixes(format)}
      scale={100}
      decimalScale={2}
      fixedDecimalScale
    />
  );
}

/** Cents as text in the venue's money format. */
export function Money({ cents }: { cents: number }) {
  const format = useMoneyFormat();
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(cents, format)}</span>;
}
