import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { Booking, SendEmailBody } from '@lanebook/core/booking-schemas';
import { EMAIL_TYPES } from '@lanebook/core/catalog';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../lib/notify';
import { showFieldErrors } from '../../lib/forms';
import { bookingMailingTemplatesQuery } from './api/catalog-lists';
import { bookingsKey } from './api/keys';
import { sendBookingEmail } from './api/send-email';

const TYPE_LABELS: Record<SendEmailBody['type'], string> = {
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  cancellation: 'Cancellation',
  abandoned: 'Abandoned booking',
  custom: 'Custom message',
};

/** Sends the customer a mail: one of the venue's mailing templates, or a message typed here. */
export function SendEmailModal({ booking, opened, onClose }: { booking: Booking; opened: boolean; onClose: () => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const templates = useQuery({ ...bookingMailingTemplatesQuery(session.venueId), enabled: opened && Boolean(session.venueId) });
  const [email, setEmail] = useState(booking.reservationInfo.email);
  const [type, setType] = useState<SendEmailBody['type']>('confirmation');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ofType = (templates.data ?? []).filter((t) => t.event === type && !t.isPaused);
  const custom = type === 'custom' || !templateId;

  useEffect(() => {
    // The first active template of the type is the usual choice.
    setTemplateId(type === 'custom' ? null : (ofType[0]?.id ?? null));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the type or the loaded templates change
  }, [type, templates.data]);

  const send = useMutation({
    mutationFn: () =>
      sendBookingEmail(booking.id, {
        email,
        type,
        templateId: custom ? null : templateId,
        ...(custom ? { subject, message } : {}),
      }),
    onSuccess: async () => {
      notifySuccess(`Mail sent to ${email}`);
      setErrors({});
      onClose();
      await queryClient.invalidateQueries({ queryKey: bookingsKey(session.venueId) });
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Send email" centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <Stack>
          <TextInput
            label="To"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
          />
          <Select
            label="Type"
            data={EMAIL_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            value={type}
            onChange={(value) => value && setType(value as SendEmailBody['type'])}
            allowDeselect={false}
          />
          {type !== 'custom' ? (
            <Select
              label="Template"
              placeholder={ofType.length ? 'Choose a template' : 'No active template of this type: write the message'}
              data={ofType.map((t) => ({ value: t.id, label: t.subject }))}
              value={templateId}
              onChange={setTemplateId}
              clearable
              error={errors.templateId}
            />
          ) : null}
          {custom ? (
            <>
              <TextInput
                label="Subject"
                value={subject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                error={errors.subject}
                required
              />
              <Textarea
                label="Message"
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
                error={errors.message}
                autosize
                minRows={5}
                required
              />
              <Text size="xs" c="dimmed">
                Placeholders such as {'{{ customer.firstName }}'} and {'{{ booking.date }}'} are filled in.
              </Text>
            </>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
