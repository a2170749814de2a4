import { escapeHtml } from './mail-templates.js';

/**
 * `/widget/demo?venue=&template=`: a sample venue web page, served by Lanebook itself, that embeds
 * the widget with the one snippet a venue pastes (decision 024). Server-rendered, no inline script;
 * every value is escaped, the venue's name included.
 */
export function widgetDemoPage(venue: { id: string; name: string }, templateId: string | null): string {
  const name = escapeHtml(venue.name);
  const template = templateId ? ` data-template="${escapeHtml(templateId)}"` : '';
  const snippet = `<script src="/widget.js" data-venue="${escapeHtml(venue.id)}"${template}></script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} — book online</title>
<style>
  body { margin: 0; font-family: Georgia, 'Times New Roman', serif; color: #262626; background: #faf8f5; }
  header { background: #262626; color: #fff; padding: 20px 32px; }
  header h1 { margin: 0; font-size: 26px; } header p { margin: 4px 0 0; opacity: .8; }
  main { max-width: 880px; margin: 32px auto; padding: 0 24px; line-height: 1.6; }
  .note { font-family: system-ui, sans-serif; font-size: 13px; color: #5c6070; background: #eef1f7; border-radius: 8px; padding: 10px 14px; }
  code { font-size: 12px; word-break: break-all; }
</style>
</head>
<body>
<header><h1>${name} — book online</h1><p>A sample venue web page</p></header>
<main>
<p>Welcome to ${name}! Pick an activity, choose your group size and a time that suits you, and book your lanes online in a minute.</p>
<p>Groups, birthdays and team events are welcome. Questions? Call us or drop by, we are happy to help.</p>
<h2>Book now</h2>
${snippet}
<p class="note">This page is a demo served by Lanebook. The booking widget above is embedded with this snippet:<br><code>${escapeHtml(snippet)}</code></p>
</main>
</body>
</html>
`;
}

/** The demo page of a venue id that does not exist. */
export function widgetDemoNotFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Venue not found</title></head>
<body><h1>Venue not found</h1><p>No venue has this id. Open /widget/demo?venue=&lt;your venue id&gt;.</p></body></html>
`;
}
