import { useQuery } from '@tanstack/react-query';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useSession } from '../../lib/session';
import { VenueDateInput } from '../../components/fields/VenueDateInput';
import { productOptionsQuery } from './api/product-options';
import type { StatisticDateField } from '@lanebook/core/statistics-schemas';
import { DATE_FIELD_LABELS, PERIOD_LABELS, PERIODS, type DashboardPeriod } from './period';

/** The period, the date field and the product every figure of the dashboard is for; `shown`: the dates of the figures on screen. */
export function PeriodControls({ period, shown }: { period: DashboardPeriod; shown?: { from: string; to: string } }) {
  const { venueId } = useSession();
  const products = useQuery(productOptionsQuery(venueId));
  return (
    <Stack gap={4} mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Period"
          data={PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          value={period.period}
          onChange={(value) => value && period.setPeriod(value as typeof period.period, shown)}
          allowDeselect={false}
          w={150}
        />
        {period.period === 'custom' ? (
          <>
            <VenueDateInput label="From" value={period.customFrom} onChange={(from) => period.setCustom({ from: from || null })} w={160} />
            <VenueDateInput label="To" value={period.customTo} onChange={(to) => period.setCustom({ to: to || null })} w={160} />
          </>
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span" id="dashboard-date-field">
            Date
          </Text>
          <SegmentedControl
            aria-labelledby="dashboard-date-field"
            data={(Object.keys(DATE_FIELD_LABELS) as StatisticDateField[]).map((value) => ({ value, label: DATE_FIELD_LABELS[value] }))}
            value={period.dateField}
            onChange={(value) => period.setDateField(value as StatisticDateField)}
          />
        </Stack>
        <Select
          label="Product"
          placeholder="All products"
          data={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
          value={period.productId ?? null}
          onChange={period.setProduct}
          clearable
          searchable
          w={200}
        />
      </Group>
      {period.params ? null : (
        <Text size="sm" c={period.customReversed ? 'red' : 'dimmed'} data-testid="period-incomplete">
          {period.customReversed ? 'The period ends before it starts.' : 'Type both dates of the period.'}
        </Text>
      )}
    </Stack>
  );
}
