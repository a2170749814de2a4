import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert, Badge, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconKey, IconPlug } from '@tabler/icons-react';
import { INTEGRATION_EVENTS, integrationSchema, type Integration } from '@lanebook/core/catalog';
import { defineCollection } from '../../components/collection/define';
import type { CollectionFormProps } from '../../components/collection/types';
import { CheckboxGroupField, KeyValueField, RadioField, SwitchField, TextField } from '../../components/fields/form-fields';
import { FormReadOnlyContext, useFormReadOnly } from '../../components/fields/read-only';
import { useSession } from '../../lib/session';
import { WebhookDeliveries } from './WebhookDeliveries';

type Props = CollectionFormProps<typeof integrationSchema, Integration>;

const EVENT_LABELS: Record<(typeof INTEGRATION_EVENTS)[number], string> = {
  'booking.created': 'A booking is created',
  'booking.updated': 'A booking is changed',
  'booking.paid': 'A booking is paid',
  'booking.canceled': 'A booking is canceled',
  'booking.refunded': 'A booking is refunded',
  'giftCard.issued': 'A gift card is sold or given away',
  'giftCard.redeemed': 'A gift card pays for a booking',
  'giftCard.refunded': 'Money goes back to a gift card',
};

/** The webhook's signing secret: the server makes it on creation; shown masked, copied in one click. */
function SigningSecret({ secret, justCreated }: { secret: string; justCreated: boolean }) {
  const [shown, setShown] = useState(justCreated);
  const body = (
    <Stack gap="xs">
      <Text size="sm">
        Every delivery to your URL is signed with this secret. Keep it on your server and check the signature to be sure a request comes
        from Lanebook.
      </Text>
      <Group gap="xs" wrap="wrap">
        <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
          {shown ? secret : `${secret.slice(0, 6)}${'•'.repeat(24)}`}
        </Code>
        <Button
          size="xs"
          variant="subtle"
          leftSection={shown ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide secret' : 'Show secret'}
        </Button>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
  return justCreated ? (
    <Alert color="green" icon={<IconKey size={18} />} title="Webhook created: copy its signing secret" data-testid="secret-created">
      {body}
    </Alert>
  ) : (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} size="sm" mb={4}>
        Signing secret
      </Text>
      {body}
    </Paper>
  );
}

function IntegrationForm({ form, control, record, justCreated }: Props) {
  const readOnly = useFormReadOnly();
  const session = useSession();
  const type = useWatch({ control, name: 'type' });
  // The creation answer carries the secret; kept in case later reads stop sending it.
  const [createdSecret] = useState(() => (justCreated ? (record?.secret ?? null) : null));
  const secret = record?.secret ?? createdSecret;
  return (
    <Stack gap="md">
      {record?.type === 'webhook' && secret ? <SigningSecret secret={secret} justCreated={justCreated} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="name" label="Name" withAsterisk placeholder="Booking sync" />
        {/* The secret belongs to a webhook: the type is chosen once. */}
        <FormReadOnlyContext.Provider value={readOnly || record !== null}>
          <RadioField
            control={control}
            name="type"
            label="Type"
            options={[
              { value: 'webhook', label: 'Webhook' },
              { value: 'custom', label: 'Custom' },
            ]}
            onValueChange={(next) =>
              form.setValue('settings', next === 'webhook' ? { url: '', events: [] } : {}, { shouldDirty: true, shouldValidate: false })
            }
          />
        </FormReadOnlyContext.Provider>
      </SimpleGrid>
      {type === 'webhook' ? (
        <>
          <TextField
            control={control}
            name="settings.url"
            label="URL"
            withAsterisk
            placeholder="https://example.com/hooks/lanebook"
            type="url"
          />
          <CheckboxGroupField
            control={control}
            name="settings.events"
            label="Events"
            withAsterisk
            description="Lanebook sends a POST to the URL when one of these happens."
            options={INTEGRATION_EVENTS.map((event) => ({ value: event, label: EVENT_LABELS[event], description: event }))}
          />
        </>
      ) : (
        <KeyValueField control={control} name="settings" label="Settings" description="Keys and values the integration reads." />
      )}
      <SwitchField control={control} name="isActive" label="Active" />
      {record?.type === 'webhook' && session.can('integrations.edit') ? <WebhookDeliveries integrationId={record.id} /> : null}
    </Stack>
  );
}

export default defineCollection<typeof integrationSchema, Integration>({
  path: 'integrations',
  area: 'integrations',
  label: 'Integration',
  labelPlural: 'Integrations',
  listRoute: '/settings/integrations',
  description: 'Send booking events to other systems.',
  schema: integrationSchema,
  defaults: { type: 'webhook', name: '', isActive: true, settings: { url: '', events: [] } },
  titleOf: (integration) => integration.name,
  columns: [
    { key: 'name', header: 'Name', render: (integration) => integration.name },
    { key: 'type', header: 'Type', render: (integration) => (integration.type === 'webhook' ? 'Webhook' : 'Custom') },
    {
      key: 'target',
      header: 'Details',
      hideOnMobile: true,
      render: (integration) => {
        const settings = integration.settings as { url?: unknown; events?: unknown };
        if (integration.type === 'webhook') {
          const events = Array.isArray(settings.events) ? settings.events.length : 0;
          return `${String(settings.url ?? '')} · ${events} event${events === 1 ? '' : 's'}`;
        }
        const count = Object.keys(integration.settings).length;
        return `${count} setting${count === 1 ? '' : 's'}`;
      },
    },
    {
      key: 'active',
      header: 'Status',
      render: (integration) => (
        <Badge color={integration.isActive ? 'green' : 'gray'} variant="light">
          {integration.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ],
  searchPlaceholder: 'Integration name',
  sorts: [
    { label: 'Name A-Z', sort: 'name', order: 'asc' },
    { label: 'Name Z-A', sort: 'name', order: 'desc' },
    { label: 'Type', sort: 'type', order: 'asc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
  ],
  emptyState: {
    title: 'No integrations yet',
    description: 'Add a webhook to send booking events to your own systems.',
    icon: <IconPlug size={28} />,
  },
  Form: IntegrationForm,
});
