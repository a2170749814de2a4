import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTheme, MantineProvider, type ComboboxProps, type PasswordInputProps } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NotificationsWhenShown } from './app/NotificationsWhenShown';
import { AppRouter } from './app/router';
import { SessionProvider } from './app/session';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Plain objects, not Combobox.extend(): importing the components here would put them in every page's first load.
  components: {
    // Closed dropdowns are unmounted, so a field's label names one element (screen readers and tests).
    Combobox: { defaultProps: { keepMounted: false } satisfies ComboboxProps },
    // Mantine's default name for the eye button contains "password", which made "Password" name two elements.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } } satisfies PasswordInputProps,
    },
  },
});

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <NotificationsWhenShown />
        <SessionProvider>
          <AppRouter />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
