import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** A titled block of a long form (products, widget templates). */
export function FormSection({
  title,
  description,
  children,
  tour,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** What the guided tour points at (data-tour). */
  tour?: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" data-tour={tour}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
