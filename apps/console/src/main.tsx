import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createTheme,
  DEFAULT_THEME,
  MantineProvider,
  type AnchorProps,
  type ColorInputProps,
  type ComboboxProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type PasswordInputProps,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NotificationsWhenShown } from './app/NotificationsWhenShown';
import { AppRouter } from './app/router';
import { SessionProvider } from './app/session';

/**
 * WCAG 2.1 AA in light mode (docs/decisions/032-accessibility.md): Mantine's filled colours are shade 8 here, and
 * its text on light backgrounds is shade 9 on shade 1; where Mantine's own 8 or 9 is too light for that
 * (white on shade 8 and shade 9 on shade 1 at 4.5:1 or more), the two are darkened, hue and saturation kept.
 */
const readable = (name: keyof typeof DEFAULT_THEME.colors, shade8: string, shade9: string): MantineColorsTuple => {
  const shades = DEFAULT_THEME.colors[name];
  return [shades[0], shades[1], shades[2], shades[3], shades[4], shades[5], shades[6], shades[7], shade8, shade9];
};

/** Dimmed text #5c636a: 6.09:1 on white, 5.14:1 on gray-2, 4.93:1 on blue-1 (Mantine's gray-6 is 3.32:1 on white). */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});

const theme = createTheme({
  primaryColor: 'blue',
  // White on blue-8 (#1971c2) is 5.02:1; links (--mantine-color-anchor) take the same shade.
  primaryShade: { light: 8, dark: 8 },
  colors: {
    red: readable('red', '#df2d2d', '#c52929'),
    cyan: readable('cyan', '#0b7f92', '#0b7285'),
    teal: readable('teal', '#08845e', '#087a58'),
    green: readable('green', '#28863a', '#267a37'),
    lime: readable('lime', '#4e800b', '#4c7a0b'),
    yellow: readable('yellow', '#ab6400', '#a95700'),
    orange: readable('orange', '#c84d0a', '#ba3e0d'),
  },
  fontFamily: 'Inter, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Plain objects, not Combobox.extend(): importing the components here would put them in every page's first load.
  components: {
    // A link is told apart from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } satisfies AnchorProps },
    // The eye dropper is an icon button: it needs a name of its own.
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } satisfies ColorInputProps },
    // Closed dropdowns are unmounted, so a field's label names one element (screen readers and tests).
    Combobox: { defaultProps: { keepMounted: false } satisfies ComboboxProps },
    // The × of a dialog or drawer is an icon button: it needs a name of its own (axe's button-name).
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<DrawerProps> },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps> },
    // Mantine's default name for the eye button contains "password", which made "Password" name two elements.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } } satisfies PasswordInputProps,
    },
  },
});

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <NotificationsWhenShown />
        <SessionProvider>
          <AppRouter />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
