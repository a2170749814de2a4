import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useSession } from '../../lib/session';
import { productOptionsQuery } from './api/product-options';
import type { StatisticDateField } from '@lanebook/core/statistics-schemas';
import { DATE_RANGE_LABELS } from '../../lib/date-range-labels';
import { DATE_FIELD_LABELS, PERIODS, type DashboardPeriod, type Period } from './period';

// Most views are of a named period: the date fields load only once Custom is chosen.
const CustomDates = lazy(() => import('./CustomDates'));

const PERIOD_OPTIONS = PERIODS.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }));
/** The empty value of the product select: every product. */
const ALL_PRODUCTS = '';

/**
 * The period, the date field and the product every figure of the dashboard is for; `shown`: the dates of the figures on screen.
 * Native selects: light on the dashboard's first load, and the platform's own picker on phones and for screen readers.
 */
export function PeriodControls({
  period,
  shown,
  periodOnly = false,
}: {
  period: DashboardPeriod;
  shown?: { from: string; to: string };
  /** Only the period (the cash-up counts money by when it was taken, for every product). */
  periodOnly?: boolean;
}) {
  const { venueId } = useSession();
  const products = useQuery({ ...productOptionsQuery(venueId), enabled: venueId !== null && !periodOnly });
  const productOptions = [
    { value: ALL_PRODUCTS, label: 'All products' },
    ...(products.data ?? []).map((product) => ({ value: product.id, label: product.name })),
  ];
  // A product named in the address but not (yet) in the list stays chosen rather than reading "All products".
  if (period.productId && !productOptions.some((option) => option.value === period.productId))
    productOptions.push({ value: period.productId, label: products.isPending ? 'Loading…' : 'Unknown product' });
  return (
    <Stack gap={4} mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Period"
          data={PERIOD_OPTIONS}
          value={period.period}
          onChange={(event) => period.setPeriod(event.currentTarget.value as Period, shown)}
          w={150}
        />
        {period.period === 'custom' ? (
          <Suspense fallback={<CustomDatesPlaceholder />}>
            <CustomDates period={period} />
          </Suspense>
        ) : null}
        {periodOnly ? null : (
          <>
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
            <NativeSelect
              label="Product"
              data={productOptions}
              value={period.productId ?? ALL_PRODUCTS}
              onChange={(event) => period.setProduct(event.currentTarget.value || null)}
              w={200}
            />
          </>
        )}
      </Group>
      {period.params ? null : (
        <Text size="sm" c={period.customReversed ? 'red' : 'dimmed'} data-testid="period-incomplete">
          {period.customReversed ? 'The period ends before it starts.' : 'Type both dates of the period.'}
        </Text>
      )}
    </Stack>
  );
}

/** Holds the two date fields' room while they load, so the controls after them do not jump. */
function CustomDatesPlaceholder() {
  return <div style={{ width: 160 * 2 + 12, height: 36 }} aria-hidden />;
}
