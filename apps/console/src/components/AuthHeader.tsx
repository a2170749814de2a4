import type { ReactNode } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** The heading of a page in the auth layout (sign-in, password and onboarding pages). */
export function AuthHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h3">
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A message about the whole form (failed sign-in, sent link...), as opposed to one field. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  const error = kind === 'error';
  return (
    <Alert
      color={error ? 'red' : 'green'}
      icon={error ? <IconAlertCircle size={18} /> : <IconCircleCheck size={18} />}
      role={error ? 'alert' : 'status'}
    >
      {children}
    </Alert>
  );
}
