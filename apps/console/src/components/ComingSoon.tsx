import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** What a route shows until its page is built: never a blank page. */
export function ComingSoon({ title, comingWith }: { title: string; comingWith?: string }) {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="coming-soon">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconTools size={26} />
        </ThemeIcon>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" ta="center">
          This page is coming soon{comingWith ? ` with ${comingWith}` : ''}.
        </Text>
      </Stack>
    </Paper>
  );
}
