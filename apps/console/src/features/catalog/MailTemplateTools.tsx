import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconEye, IconSend } from '@tabler/icons-react';
import type { MailingTemplateEvent, MailPreview, MailPreviewBody, MailTestAnswer } from '@lanebook/core/catalog';
import { ApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { previewMail, sendTestMail } from './api/mail-preview';

export interface MailTemplateToolsProps {
  /** The subject, text and event as they are in the form now, saved or not. */
  content: () => { subject: string; text: string; event: MailingTemplateEvent };
  /** The template being edited; null while creating. */
  templateId: string | null;
  /** A template error the server named a field for (subject or text). */
  onFieldError: (field: 'subject' | 'text', message: string) => void;
}

const TEST_OUTCOME: Record<MailTestAnswer['status'], (to: string) => string> = {
  sent: (to) => `Test sent to ${to}.`,
  stored: (to) => `Test for ${to} kept in the mail outbox: this server has no mail server set up, so nothing was delivered.`,
  failed: (to) => `The mail server refused the test to ${to}. Try again later, or ask your administrator to check the mail server.`,
};

const SAMPLE_LABELS: Record<MailPreview['sample']['kind'], (reference: string | null) => string> = {
  booking: (reference) => `With the data of booking ${reference ?? ''}, your latest.`,
  example: () => 'With a made-up booking: your venue has no bookings yet.',
  giftCard: () => 'With a made-up gift card: the real mail has the card’s code, amount and message.',
};

/**
 * Preview and "Send me a test" for the mailing template form. The preview's HTML is shown in a
 * sandboxed iframe (no scripts, its own origin) from srcdoc, never in the console's own page.
 */
export function MailTemplateTools({ content, templateId, onFieldError }: MailTemplateToolsProps) {
  const { can } = useSession();
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [width, setWidth] = useState<'phone' | 'wide'>('phone');
  const [busy, setBusy] = useState<'preview' | 'test' | null>(null);
  const [tested, setTested] = useState<MailTestAnswer | null>(null);
  if (!can('mailingTemplates.edit')) return null;

  const body = (): MailPreviewBody => ({ ...content(), ...(templateId ? { templateId } : {}) });
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) {
      for (const field of error.fields) {
        if (field.path === 'subject' || field.path === 'text') onFieldError(field.path, field.message);
      }
    }
    notifyError(error);
  };

  const openPreview = async () => {
    setBusy('preview');
    try {
      setPreview(await previewMail(body()));
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    setBusy('test');
    setTested(null);
    try {
      setTested(await sendTestMail(body()));
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button variant="default" leftSection={<IconEye size={16} />} loading={busy === 'preview'} onClick={openPreview}>
          Preview
        </Button>
        <Button variant="default" leftSection={<IconSend size={16} />} loading={busy === 'test'} onClick={sendTest}>
          Send me a test
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Uses your venue&apos;s latest booking (or a made-up one; a made-up card for a gift card mail) and the template as typed now, saved
        or not. A test goes only to your own address.
      </Text>
      {tested && (
        <Alert color={tested.status === 'failed' ? 'red' : tested.status === 'sent' ? 'green' : 'yellow'} data-testid="mail-test-result">
          {TEST_OUTCOME[tested.status](tested.to)}
        </Alert>
      )}
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title="Email preview" size="xl">
        {preview && (
          <Stack gap="sm" data-testid="mail-preview">
            <Text size="sm">
              <Text span fw={600}>
                Subject:{' '}
              </Text>
              <span data-testid="mail-preview-subject">{preview.subject}</span>
            </Text>
            <Text size="xs" c="dimmed">
              {SAMPLE_LABELS[preview.sample.kind](preview.sample.reference)}
            </Text>
            <Tabs defaultValue="html">
              <Tabs.List>
                <Tabs.Tab value="html">HTML</Tabs.Tab>
                <Tabs.Tab value="text">Plain text</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="html" pt="sm">
                <Stack gap="xs" align="center">
                  <SegmentedControl
                    size="xs"
                    value={width}
                    onChange={(value) => setWidth(value as 'phone' | 'wide')}
                    data={[
                      { value: 'phone', label: 'Phone' },
                      { value: 'wide', label: 'Wide' },
                    ]}
                  />
                  <iframe
                    title="Rendered email"
                    data-testid="mail-preview-frame"
                    sandbox=""
                    srcDoc={preview.html}
                    style={{
                      width: width === 'phone' ? 375 : '100%',
                      maxWidth: '100%',
                      height: 560,
                      border: '1px solid var(--mantine-color-default-border)',
                      borderRadius: 'var(--mantine-radius-md)',
                      background: '#fff',
                    }}
                  />
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="text" pt="sm">
                <Text
                  component="pre"
                  size="sm"
                  data-testid="mail-preview-text"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'var(--mantine-font-family-monospace)' }}
                >
                  {preview.text}
                </Text>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
