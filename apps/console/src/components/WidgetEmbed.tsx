import { Anchor, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';

/**
 * The booking widget as a venue embeds it (issue 13, decision 024): the snippet a venue pastes
 * into its site and the demo page the server serves with it. Shared by the widget template page
 * and the venue settings, so it lives in components/.
 */

/** Attribute values come from ids (a slug, a UUID); escaped anyway so the snippet is always well formed. */
const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The snippet; without a template the venue's default template is used; with an affiliate, its bookings are that partner's. */
export function widgetSnippet(origin: string, venueId: string, templateId?: string | null, affiliateId?: string | null): string {
  const template = templateId ? ` data-template="${attribute(templateId)}"` : '';
  const affiliate = affiliateId ? ` data-affiliate="${attribute(affiliateId)}"` : '';
  return `<script src="${attribute(origin)}/widget.js" data-venue="${attribute(venueId)}"${template}${affiliate}></script>`;
}

/** The widget on a page of its own (the venue's default template): a partner's tracked link with `?affiliate=`. */
export function widgetPageUrl(origin: string, venueId: string, affiliateId?: string | null): string {
  const query = new URLSearchParams({ venue: venueId });
  if (affiliateId) query.set('affiliate', affiliateId);
  return `${origin}/widget/?${query.toString()}`;
}

/** The sample venue page of this server that embeds the widget (a path on this origin). */
export function widgetDemoPath(venueId: string, templateId?: string | null): string {
  const query = new URLSearchParams({ venue: venueId });
  if (templateId) query.set('template', templateId);
  return `/widget/demo?${query.toString()}`;
}

/** The snippet in a code block with a Copy button. */
export function WidgetSnippet({
  venueId,
  templateId,
  affiliateId,
  testId = 'widget-snippet',
}: {
  venueId: string;
  templateId?: string | null;
  affiliateId?: string | null;
  testId?: string;
}) {
  const snippet = widgetSnippet(window.location.origin, venueId, templateId, affiliateId);
  return <CopyableText value={snippet} testId={testId} />;
}

/** Text to paste elsewhere (a snippet, a link) in a code block with a Copy button. */
export function CopyableText({ value, testId }: { value: string; testId: string }) {
  return (
    <Stack gap="xs">
      <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
      <Group gap="xs">
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** A link to the demo page, opened in a new tab. */
export function WidgetDemoLink({ venueId, templateId, children }: { venueId: string; templateId?: string | null; children: string }) {
  return (
    <Anchor href={widgetDemoPath(venueId, templateId)} target="_blank" rel="noopener" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        {children}
        <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );
}

/**
 * The demo page in an iframe: the widget as customers will see it. Change `version` (the
 * template's updatedAt) to load it again after a save.
 */
export function WidgetPreview({ venueId, templateId, version }: { venueId: string; templateId?: string | null; version: string }) {
  return (
    <Stack gap={4}>
      <iframe
        key={version}
        src={widgetDemoPath(venueId, templateId)}
        title="Widget preview"
        data-testid="widget-preview"
        style={{
          width: '100%',
          height: 640,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: '#fff',
        }}
      />
      <Text size="xs" c="dimmed">
        The preview loads again after you save the template.
      </Text>
    </Stack>
  );
}
