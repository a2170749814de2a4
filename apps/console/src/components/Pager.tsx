import { Group, Pagination, Text } from '@mantine/core';

/** "51–100 of 230 accounts" and page buttons under a paged table. */
export function Pager({
  page,
  total,
  pageSize,
  onChange,
  noun,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  noun: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" mt="sm">
      <Text size="sm" c="dimmed" data-testid="pager-summary">
        {total === 0 ? `No ${noun}` : `${first}–${last} of ${total} ${noun}`}
      </Text>
      {pages > 1 ? <PageButtons total={pages} value={page} onChange={onChange} /> : null}
    </Group>
  );
}

/** Mantine's page buttons, each named for a screen reader ("Page 2", "next page"): the icons alone have no name. */
export function PageButtons({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    />
  );
}
