import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, CopyButton, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDeviceTablet, IconPlus } from '@tabler/icons-react';
import type { Kiosk, KioskCreated } from '@lanebook/core/kiosk-schemas';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmAction } from '../../components/dialogs';
import { ActionForm } from '../../components/ActionForm';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { createKiosk, kioskSetupUrl, kiosksKey, kiosksQuery, revokeKiosk } from './api';

/** Settings → Waiver kiosks: the tablets signed in as kiosks, a new one (its link shown once), and Revoke. */
export default function KiosksSettingsPage() {
  const session = useSession();
  const format = useVenueFormat();
  const queryClient = useQueryClient();
  const kiosks = useQuery(kiosksQuery(session.venueId));
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<KioskCreated | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: kiosksKey(session.venueId) });
  const create = useMutation({
    mutationFn: () => createKiosk(name),
    onMutate: () => setNameError(null),
    onSuccess: async (answer) => {
      setAdding(false);
      setName('');
      setCreated(answer);
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0) setNameError(error.fields[0].message);
      else notifyError(error);
    },
  });
  const revoke = useMutation({
    mutationFn: (kiosk: Kiosk) => revokeKiosk(kiosk.id),
    onSuccess: async (_, kiosk) => {
      notifySuccess(`${kiosk.name} revoked`);
      await refresh();
    },
    onError: notifyError,
  });
  const confirmRevoke = async (kiosk: Kiosk) => {
    const confirmed = await confirmAction({
      title: 'Revoke kiosk',
      message: `Revoke ${kiosk.name}? The tablet stops working at once.`,
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (confirmed) revoke.mutate(kiosk);
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
      Add a kiosk
    </Button>
  );
  const link = created ? kioskSetupUrl(created.token) : '';

  return (
    <>
      <PageHeader
        title="Waiver kiosks"
        description="Tablets at the door where arriving players find their booking and sign the waiver."
        actions={addButton}
      />

      {created ? (
        <Alert
          color="green"
          title={`${created.name} is ready`}
          mb="lg"
          withCloseButton
          closeButtonLabel="Hide the kiosk's link"
          onClose={() => setCreated(null)}
          data-testid="kiosk-created"
        >
          <Stack gap="xs">
            <Text size="sm">
              Open this link on the tablet: it signs the tablet in as a kiosk. It is shown only now; the kiosk works until{' '}
              {format.date(created.expiresAt)}.
            </Text>
            <Anchor href={link} target="_blank" rel="noopener" data-testid="kiosk-link" style={{ wordBreak: 'break-all' }}>
              {link}
            </Anchor>
            <Group>
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      <QueryTable
        query={kiosks}
        label="Waiver kiosks"
        columns={['Name', 'Created', 'Expires', 'Last seen', 'State', { label: 'Actions', visuallyHidden: true, align: 'right' }]}
        minWidth={720}
        empty={{
          icon: <IconDeviceTablet size={28} />,
          title: 'No kiosks yet',
          description: 'Add a kiosk, then open its link on the tablet at the door.',
          action: addButton,
          testId: 'kiosks-empty',
        }}
        renderRow={(kiosk) => {
          const expired = Date.parse(kiosk.expiresAt) <= Date.now();
          return (
            <Table.Tr data-testid="kiosk-row">
              <Table.Td>{kiosk.name}</Table.Td>
              <Table.Td>{format.dateTime(kiosk.createdAt)}</Table.Td>
              <Table.Td>{format.date(kiosk.expiresAt)}</Table.Td>
              <Table.Td>{kiosk.lastSeenAt ? format.dateTime(kiosk.lastSeenAt) : 'Never'}</Table.Td>
              <Table.Td>
                {kiosk.revokedAt ? (
                  <Badge color="red" variant="light">
                    Revoked {format.date(kiosk.revokedAt)}
                  </Badge>
                ) : expired ? (
                  <Badge color="gray" variant="light">
                    Expired
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    Active
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end" wrap="nowrap">
                  {!kiosk.revokedAt && !expired ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      loading={revoke.isPending && revoke.variables?.id === kiosk.id}
                      onClick={() => confirmRevoke(kiosk)}
                      aria-label={`Revoke ${kiosk.name}`}
                    >
                      Revoke
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      {adding ? (
        <ActionForm
          title="Add a kiosk"
          submitLabel="Add kiosk"
          busy={create.isPending}
          onClose={() => setAdding(false)}
          onSubmit={() => {
            if (!name.trim()) setNameError('Name the kiosk');
            else create.mutate();
          }}
        >
          <TextInput
            label="Name"
            description="Where the tablet stands, e.g. Front door"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            maxLength={100}
            required
            data-autofocus
          />
        </ActionForm>
      ) : null}
    </>
  );
}
