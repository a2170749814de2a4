import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE } from './api/keys';

/** "51–100 of 230" and page buttons under a paged superadmin table. */
export function Pager({ page, total, onChange, noun }: { page: number; total: number; onChange: (page: number) => void; noun: string }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" mt="sm">
      <Text size="sm" c="dimmed" data-testid="pager-summary">
        {total === 0 ? `No ${noun}` : `${first}–${last} of ${total} ${noun}`}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </Group>
  );
}
