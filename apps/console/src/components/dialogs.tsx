import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { errorMessage } from '../lib/api';

/**
 * The two dialogs of the product ("an alert/confirm dialog, and a Confirm password dialog
 * with a required password input"), shared by every feature.
 *
 * 1. ConfirmPasswordDialog: a controlled modal that asks for the user's password.
 *
 *      const [opened, { open, close }] = useDisclosure(false);
 *      <ConfirmPasswordDialog
 *        opened={opened}
 *        onClose={close}
 *        onConfirm={async (password) => { await client.post('/api/private/me/email', { body: { newEmail, password } }); }}
 *      />
 *
 *    - onConfirm runs when the user submits a non-empty password; the Confirm button shows a
 *      loader meanwhile.
 *    - If onConfirm resolves, the dialog closes itself (it calls onClose).
 *    - If onConfirm throws (usually an ApiError, e.g. "The password is not correct."), the
 *      dialog stays open and shows the error's message under the password field.
 *    - Cancel, Escape and the close button call onClose; the typed password is always cleared.
 *
 * 2. confirmAction: an imperative yes/no question, resolving true only when confirmed.
 *
 *      if (await confirmAction({ title: 'Remove user', message: 'Remove Sam from this venue?', confirmLabel: 'Remove', danger: true })) { ... }
 *
 *    - confirmLabel defaults to "Confirm"; the other button is always "Cancel".
 *    - danger paints the confirm button red (deleting, removing, disabling).
 *    - Cancel, Escape, a click outside or the close button resolve false.
 */

export interface ConfirmPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}

const PASSWORD_REQUIRED = 'Password is required';

export function ConfirmPasswordDialog({ opened, onClose, onConfirm }: ConfirmPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const close = () => {
    if (submitting) return;
    setPassword('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The modal is portalled, but React still bubbles its submit to any form that renders it.
    event.stopPropagation();
    if (!password) {
      setError(PASSWORD_REQUIRED);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await onConfirm(password);
      setPassword('');
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Confirm password" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            For your security, enter your current password to continue.
          </Text>
          <PasswordInput
            label="Password"
            // Required for assistive tech; no asterisk, so the label reads exactly "Password".
            required
            withAsterisk={false}
            autoComplete="current-password"
            // Mantine's default toggle name contains "password" and would match this field's label too.
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
            data-autofocus
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface ConfirmActionOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
}

export function confirmAction({ title, message, confirmLabel = 'Confirm', danger = false }: ConfirmActionOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: danger ? { color: 'red' } : undefined,
      // Mantine calls onClose after onConfirm/onCancel too; the first resolve wins.
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
