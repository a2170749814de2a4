import { PasswordField } from './PasswordField';
import type { UseFormReturn } from 'react-hook-form';
import { PASSWORD_MIN } from '@lanebook/core/users';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** "New password" and "Confirm password" inputs of a form built from newPasswordShape. */
export function NewPasswordFields<T extends NewPasswordValues>({ form }: { form: UseFormReturn<T> }) {
  // The generic form only needs these two fields; narrowing it keeps register() typed.
  const { register, formState } = form as unknown as UseFormReturn<NewPasswordValues>;
  return (
    <>
      <PasswordField
        label="New password"
        description={`At least ${PASSWORD_MIN} characters`}
        autoComplete="new-password"
        {...register('newPassword')}
        error={formState.errors.newPassword?.message}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...register('confirmPassword')}
        error={formState.errors.confirmPassword?.message}
      />
    </>
  );
}
