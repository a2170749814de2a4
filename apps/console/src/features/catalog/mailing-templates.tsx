import { useQuery } from '@tanstack/react-query';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import {
  GIFT_CARD_MAIL_PLACEHOLDERS,
  MAIL_PLACEHOLDERS,
  MAILING_TEMPLATE_EVENTS,
  mailingTemplateSchema,
  type MailingTemplate,
} from '@lanebook/core/catalog';
import { formatVenueClock } from '@lanebook/core/format';
import { defineCollection } from '../../components/collection/define';
import type { CollectionFormProps } from '../../components/collection/types';
import { EmailListField, SelectField, TemplateTextareaField, TextField } from '../../components/fields/form-fields';
import { useSession } from '../../lib/session';
import { mailingLastSentQuery } from './api/mailing-last-sent';
import { MailTemplateTools } from './MailTemplateTools';

const EVENT_LABELS: Record<MailingTemplate['event'], string> = {
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  cancellation: 'Cancellation',
  abandoned: 'Abandoned booking',
  custom: 'Custom',
  giftCard: 'Gift card',
};

/** When mail of the template's type last went out, in the venue's clock; "Never" before the first. */
function LastSent({ event }: { event: MailingTemplate['event'] }) {
  const session = useSession();
  const venue = session.me?.venue;
  const lastSent = useQuery(mailingLastSentQuery(session.venueId));
  const at = lastSent.data?.items.find((item) => item.event === event)?.lastSentAt;
  if (lastSent.isPending) return <Text c="dimmed">…</Text>;
  if (!at) return <Text c="dimmed">Never</Text>;
  return <>{venue ? formatVenueClock(new Date(at), venue) : new Date(at).toLocaleString()}</>;
}

type TemplateControl = CollectionFormProps<typeof mailingTemplateSchema, MailingTemplate>['control'];

/** The body, with the placeholders of its event: a gift card's mail has the card's, a booking's mail the booking's. */
function BodyField({ control }: { control: TemplateControl }) {
  const event = useWatch({ control, name: 'event' });
  return (
    <TemplateTextareaField
      control={control}
      name="text"
      label="Body"
      withAsterisk
      description="Liquid template: placeholders in {{ }} are filled in when the email is sent."
      placeholders={event === 'giftCard' ? GIFT_CARD_MAIL_PLACEHOLDERS : MAIL_PLACEHOLDERS}
    />
  );
}

export default defineCollection<typeof mailingTemplateSchema, MailingTemplate, 'mailingTemplates'>({
  path: 'mailing-templates',
  area: 'mailingTemplates',
  label: 'Mailing template',
  labelPlural: 'Mailing templates',
  listRoute: '/settings/mailing-templates',
  description: 'The emails sent to customers about their bookings, and to the recipients of gift cards.',
  schema: mailingTemplateSchema,
  defaults: { event: 'confirmation', subject: '', to: [], cc: [], bcc: [], replyTo: [], text: '', isPaused: true },
  titleOf: (template) => template.subject,
  pausable: true,
  createNotice: 'New mailing templates start paused, so nothing is sent before you review them. Resume it when it is ready.',
  columns: [
    { key: 'subject', header: 'Subject', render: (template) => template.subject },
    {
      key: 'event',
      header: 'Event',
      render: (template) => (
        <Badge variant="light" color="blue">
          {EVENT_LABELS[template.event]}
        </Badge>
      ),
    },
    {
      key: 'recipients',
      header: 'Also to',
      hideOnMobile: true,
      render: (template) => [...template.to, ...template.cc, ...template.bcc].join(', ') || '—',
    },
    { key: 'lastSent', header: 'Last sent', hideOnMobile: true, render: (template) => <LastSent event={template.event} /> },
  ],
  searchPlaceholder: 'Subject',
  sorts: [
    { label: 'Event', sort: 'event', order: 'asc' },
    { label: 'Subject A-Z', sort: 'subject', order: 'asc' },
    { label: 'Subject Z-A', sort: 'subject', order: 'desc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
  ],
  emptyState: {
    title: 'No mailing templates yet',
    description: 'Write the confirmation, reminder and other emails your customers receive.',
    icon: <IconMail size={28} />,
  },
  Form: ({ control, form, record, readOnly }) => (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SelectField
          control={control}
          name="event"
          label="Event"
          withAsterisk
          description="When this email is sent: a booking's, or a gift card's to its recipient on the delivery day."
          data={MAILING_TEMPLATE_EVENTS.map((event) => ({ value: event, label: EVENT_LABELS[event] }))}
        />
        <TextField control={control} name="subject" label="Subject" withAsterisk placeholder="Your booking at {{ venue.name }}" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EmailListField control={control} name="to" label="To" description="Extra recipients; press Enter after each address." />
        <EmailListField control={control} name="cc" label="Cc" />
        <EmailListField control={control} name="bcc" label="Bcc" />
        <EmailListField control={control} name="replyTo" label="Reply-to" />
      </SimpleGrid>
      <BodyField control={control} />
      {!readOnly && (
        <MailTemplateTools
          content={() => ({
            subject: form.getValues('subject') ?? '',
            text: form.getValues('text') ?? '',
            event: form.getValues('event') ?? 'confirmation',
          })}
          templateId={record?.id ?? null}
          onFieldError={(field, message) => form.setError(field, { type: 'server', message })}
        />
      )}
    </Stack>
  ),
});
