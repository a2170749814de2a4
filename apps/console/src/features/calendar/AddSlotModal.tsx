import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { calendarKey } from './api/keys';
import { createSlot } from './api/create-slot';
import type { CalendarProduct } from './api/list-products';

export interface NewSlot {
  date: string;
  from: string;
  to: string;
  productId: string | null;
}

/** A slot added by hand where the calendar was clicked or dragged. */
export function AddSlotModal({
  initial,
  products,
  onClose,
}: {
  initial: NewSlot | null;
  products: CalendarProduct[];
  onClose: () => void;
}) {
  return (
    <Modal opened={initial !== null} onClose={onClose} title="Add a slot">
      {initial ? <AddSlotForm key={`${initial.date}${initial.from}`} initial={initial} products={products} onClose={onClose} /> : null}
    </Modal>
  );
}

function AddSlotForm({ initial, products, onClose }: { initial: NewSlot; products: CalendarProduct[]; onClose: () => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<NewSlot & { isPrivate: boolean; isVisibleOnline: boolean }>({
    ...initial,
    productId: initial.productId ?? products[0]?.id ?? null,
    isPrivate: false,
    isVisibleOnline: true,
  });
  const add = useMutation({
    mutationFn: () =>
      createSlot(value.productId!, {
        date: value.date,
        from: value.from,
        to: value.to,
        isPrivate: value.isPrivate,
        isVisibleOnline: value.isVisibleOnline,
      }),
    onSuccess: async () => {
      notifySuccess('Slot added');
      onClose();
      await queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) });
    },
    onError: notifyError,
  });
  return (
    <Stack gap="sm">
      <Select
        label="Product"
        data={products.map((p) => ({ value: p.id, label: p.name }))}
        value={value.productId}
        onChange={(productId) => setValue({ ...value, productId })}
        allowDeselect={false}
      />
      <TextInput type="date" label="Date" value={value.date} onChange={(e) => setValue({ ...value, date: e.currentTarget.value })} />
      <Group grow>
        <TextInput type="time" label="From" value={value.from} onChange={(e) => setValue({ ...value, from: e.currentTarget.value })} />
        <TextInput type="time" label="To" value={value.to} onChange={(e) => setValue({ ...value, to: e.currentTarget.value })} />
      </Group>
      <Checkbox label="Private" checked={value.isPrivate} onChange={(e) => setValue({ ...value, isPrivate: e.currentTarget.checked })} />
      <Switch
        label="Visible online"
        checked={value.isVisibleOnline}
        onChange={(e) => setValue({ ...value, isVisibleOnline: e.currentTarget.checked })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!value.productId} loading={add.isPending} onClick={() => add.mutate()}>
          Add slot
        </Button>
      </Group>
    </Stack>
  );
}
