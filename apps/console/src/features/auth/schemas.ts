import { z } from '@lanebook/core/zod';
import { emailSchema, passwordSchema } from '@lanebook/core/users';
import { newPasswordShape, passwordsMatch } from '../../lib/password-form';

/** Form schemas of the sign-in pages; the new-password pair is lib/password-form.ts (the profile page uses it too). */

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

export const resetPasswordSchema = z.object(newPasswordShape).refine(...passwordsMatch);
