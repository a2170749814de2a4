import type { ReactNode } from 'react';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** One titled section of the profile page; `locked` replaces its form with the reason why. */
export function SectionCard({
  title,
  description,
  locked,
  children,
}: {
  title: string;
  description?: ReactNode;
  locked?: string | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {locked ? (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {locked}
          </Alert>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}
