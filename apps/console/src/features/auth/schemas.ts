import { z } from '@lanebook/core/zod';
import { emailSchema, passwordSchema } from '@lanebook/core/users';

/** Form schemas of the sign-in pages; the profile page reuses the new-password pair. */

export const signInSchema = z.object({
  email: emailSchema,
  // Sign-in checks no length: an old password shorter than today's minimum must still work.
  password: z.string().min(1, 'Password is required'),
  rememberMe: z.boolean(),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>;

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** The fields of a form that sets a new password; combine with passwordsMatch. */
export const newPasswordShape = {
  newPassword: passwordSchema,
  confirmPassword: z.string().min(1, 'Repeat the new password'),
};

/** Arguments for .refine(): the confirmation must repeat the new password. */
export const passwordsMatch: [(values: { newPassword: string; confirmPassword: string }) => boolean, { path: string[]; message: string }] =
  [(values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER }];

export const resetPasswordSchema = z.object(newPasswordShape).refine(...passwordsMatch);
