import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Combobox, createTheme, MantineProvider, PasswordInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { buildRouter } from './app/router';
import { SessionProvider } from './app/session';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Closed dropdowns are unmounted, so a field's label names one element (screen readers and tests).
  components: {
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
    // Mantine's default name for the eye button contains "password", which made "Password" name two elements.
    PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } } }),
  },
});

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
const router = buildRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
