import { escapeHtml } from '../../platform/mail-templates.js';

/**
 * The HTML part of a booking mail: the rendered text of the template (a venue writes text, never
 * markup, decision 020) in one centred column at most 600 px wide, headed by the venue's name in
 * its primary color. Everything is escaped; only the booking's own links (built by the server
 * from PUBLIC_URL) become anchors, and a paragraph that is nothing but such a link a button.
 */

export interface MailLink {
  url: string;
  /** The button's words when the link stands alone in a paragraph. */
  label: string;
}

export interface MailLook {
  venueName: string;
  /** #rrggbb: the venue's default widget template's primary color (validated by its schema). */
  primaryColor: string;
  links: MailLink[];
  /** An absolute http(s) URL of a picture shown under the venue's name (a gift card's). */
  image?: string;
  /** The booking's check-in code (issue 39): its QR code (an absolute URL, so mail clients show it) and the code under it. */
  checkIn?: { code: string; imageUrl: string };
}

/** The check-in block after the text: the QR code the desk scans, and the code as text for when images are off. */
function checkInHtml(checkIn: { code: string; imageUrl: string }): string {
  return (
    `<tr><td align="center" style="padding:0 24px 20px;${FONT};font-size:14px;color:#1f2933">` +
    `<p style="margin:0 0 8px;font-weight:bold">Show this code at the desk to check in</p>` +
    `<img src="${escapeHtml(checkIn.imageUrl)}" alt="Check-in QR code" width="200" height="200" style="display:block;width:200px;height:200px;margin:0 auto">` +
    `<p style="margin:8px 0 0;font-family:Consolas,Menlo,monospace;font-size:12px;word-break:break-all">${escapeHtml(checkIn.code)}</p>` +
    '</td></tr>\n'
  );
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** The default widget color (DEFAULT_COLORS.primary), for a color that is somehow not a hex color. */
const FALLBACK_COLOR = '#286eed';

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One paragraph: escaped text with line breaks, the booking's links as anchors. */
function paragraphHtml(paragraph: string, links: MailLink[], color: string): string {
  const usable = links.filter((link) => /^https?:\/\//.test(link.url));
  const alone = usable.find((link) => link.url === paragraph.trim());
  if (alone) {
    return (
      `<p style="margin:24px 0"><a href="${escapeHtml(alone.url)}" style="display:inline-block;background:${color};color:#ffffff;` +
      `${FONT};font-size:16px;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(alone.label)}</a></p>`
    );
  }
  // Longest first: the waiver link starts with the booking page's.
  const urls = usable.map((link) => link.url).sort((a, b) => b.length - a.length);
  const pieces = urls.length ? paragraph.split(new RegExp(`(${urls.map(escapeRegExp).join('|')})`)) : [paragraph];
  const html = pieces
    .map((piece, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(piece)}" style="color:${color};word-break:break-all">${escapeHtml(piece)}</a>`
        : escapeHtml(piece).replace(/\n/g, '<br>'),
    )
    .join('');
  return `<p style="margin:0 0 16px">${html}</p>`;
}

/** The whole HTML document of a mail from its rendered subject and text. */
export function mailHtml(subject: string, text: string, look: MailLook): string {
  const color = HEX_COLOR.test(look.primaryColor) ? look.primaryColor : FALLBACK_COLOR;
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => paragraphHtml(paragraph.replace(/^\n+|\n+$/g, ''), look.links, color))
    .join('\n');
  return (
    '<!doctype html>\n<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>\n` +
    '<body style="margin:0;padding:0;background:#f3f4f6">\n' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">\n' +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-top:4px solid ${color};border-radius:6px">\n` +
    `<tr><td style="padding:20px 24px 4px;${FONT};font-size:20px;font-weight:bold;color:${color}">${escapeHtml(look.venueName)}</td></tr>\n` +
    (look.image && /^https?:\/\//.test(look.image)
      ? `<tr><td style="padding:12px 24px 0"><img src="${escapeHtml(look.image)}" alt="" width="552" style="display:block;width:100%;max-width:552px;height:auto;border-radius:6px"></td></tr>\n`
      : '') +
    `<tr><td style="padding:12px 24px 16px;${FONT};font-size:16px;line-height:1.5;color:#1f2933;overflow-wrap:anywhere">\n${paragraphs}\n</td></tr>\n` +
    (look.checkIn && /^https?:\/\//.test(look.checkIn.imageUrl) ? checkInHtml(look.checkIn) : '') +
    '</table>\n</td></tr></table>\n</body></html>\n'
  );
}
