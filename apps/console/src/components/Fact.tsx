import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** One fact of a record: a small capitalised label above its value (a booking's page, its drawer). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
