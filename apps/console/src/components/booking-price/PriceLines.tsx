import { Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@lanebook/core/format';
import { priceBreakdown, type PricedAnswer } from '@lanebook/core/price-lines';
import { useSession } from '../../lib/session';

/**
 * A price as its lines (what was bought, discounts, each tax, a venue's adjustment) and the total
 * they add up to, from the one breakdown the widget and the receipts use too
 * (docs/decisions/013-pricing.md). `total` is the booking's when staff set it; `note` follows the total.
 */
export function PriceLines({ quote, total, note = '' }: { quote: PricedAnswer; total?: number; note?: string }) {
  const session = useSession();
  const money = (cents: number) => formatMoney(cents, session.me?.venue?.moneyFormat);
  const shown = priceBreakdown(quote, total);
  return (
    <Stack gap={2} data-testid="price-lines">
      {shown.lines.map((line) => (
        <Group key={line.key} justify="space-between" gap="xs" maw={360} data-testid="price-line">
          <Text size="sm">{line.label}</Text>
          <Text size="sm">{money(line.amount)}</Text>
        </Group>
      ))}
      <Text fw={600} data-testid="booking-total">
        Total {money(shown.total)}
        {note}
      </Text>
      {shown.deposit > 0 ? <Text size="sm">Deposit {money(shown.deposit)}</Text> : null}
    </Stack>
  );
}
