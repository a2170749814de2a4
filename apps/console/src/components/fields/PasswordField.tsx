import type { ComponentProps } from 'react';
import { PasswordInput } from '@mantine/core';

/**
 * Mantine names the show/hide button "Toggle password visibility", so a search by the label
 * "Password" (screen readers' and e2e tests' getByLabel) finds the button too. This name
 * leaves the input as the only match.
 */
export const VISIBILITY_TOGGLE_PROPS = { 'aria-label': 'Show or hide characters' };

export function PasswordField(props: ComponentProps<typeof PasswordInput>) {
  return <PasswordInput visibilityToggleButtonProps={VISIBILITY_TOGGLE_PROPS} {...props} />;
}
