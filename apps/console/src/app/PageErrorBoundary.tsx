import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { ChunkLoadError } from './preloadable';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next page) clears a shown error. */
  resetKey: string;
}

/**
 * What a page shows when it cannot render: a ChunkLoadError (its code did not arrive) or any other
 * error, with Reload. Without it React Router's own screen for developers would show.
 */
class ErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <PageFailure error={error} />;
  }
}

function PageFailure({ error }: { error: unknown }) {
  const chunk = error instanceof ChunkLoadError;
  return (
    <Paper withBorder p="xl" radius="md" m="md" role="alert" data-testid={chunk ? 'chunk-load-error' : 'page-error'}>
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={26} />
        </ThemeIcon>
        <Title order={2}>{chunk ? 'This page could not be loaded' : 'This page stopped working'}</Title>
        <Text ta="center" maw={520}>
          {chunk
            ? 'Its code did not arrive: the connection dropped, or Lanebook was updated since this tab was opened. Reload to fetch it again.'
            : 'Something went wrong while showing this page. Reload to try again; nothing you saved is lost.'}
        </Text>
        <Code>{chunk ? 'ChunkLoadError' : error instanceof Error ? `${error.name}: ${error.message}` : String(error)}</Code>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Paper>
  );
}

/** The page's error boundary, cleared when the user moves to another page. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary resetKey={location.pathname}>{children}</ErrorBoundary>;
}
