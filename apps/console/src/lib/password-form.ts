import { z } from '@lanebook/core/zod';
import { passwordSchema } from '@lanebook/core/users';

/** A form that sets a new password: the reset-password page and the profile page. */

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** The fields of a form that sets a new password; combine with passwordsMatch. */
export const newPasswordShape = {
  newPassword: passwordSchema,
  confirmPassword: z.string().min(1, 'Repeat the new password'),
};

/** Arguments for .refine(): the confirmation must repeat the new password. */
export const passwordsMatch: [(values: { newPassword: string; confirmPassword: string }) => boolean, { path: string[]; message: string }] =
  [(values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER }];
