import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

/**
 * The frame of a record's action in a dialog (a gift card's adjust or disable, a guest's merge or
 * erase): a titled form whose submit runs the action, Cancel beside it; the caller puts the
 * action's errors under its fields.
 */
export function ActionForm({
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  danger = false,
  submitDisabled = false,
  size,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  danger?: boolean;
  submitDisabled?: boolean;
  size?: string;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered size={size}>
      <form
        noValidate
        aria-label={title}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
