import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** The title row every page starts with: title, optional description, actions on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" data-tour="page-header">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? (
        <Group gap="sm" data-tour="page-actions">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
