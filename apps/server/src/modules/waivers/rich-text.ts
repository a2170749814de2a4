import sanitizeHtml from 'sanitize-html';

/**
 * A waiver's text is rich text: only the tags a legal text needs survive, links only to http(s),
 * no attribute but a link's href. Sanitized when saved, so every surface (console, widget, PDF)
 * reads the same safe text.
 */
export const WAIVER_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'a'];

export function sanitizeWaiverText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: WAIVER_TAGS,
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  }).trim();
}

/** The text without its markup, paragraphs and list items on lines of their own (PDF, CSV). */
export function waiverTextAsPlain(html: string): string {
  // The editor wraps a list item's text in a paragraph (<li><p>...</p></li>): one line, not two.
  const spaced = html.replace(/<\/p>\s*<\/li>/gi, '</li>').replace(/<\s*(br|\/p|\/li|\/h[1-4])\s*\/?>/gi, '\n');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
