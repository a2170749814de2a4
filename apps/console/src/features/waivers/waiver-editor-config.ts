import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Link } from '@mantine/tiptap';
import { WAIVER_TEXT_HEADING_LEVELS, isWaiverLinkHref } from '@lanebook/core/waiver-text';

/**
 * The waiver editor's extensions: only what the server's sanitizer keeps
 * (apps/server/src/modules/waivers/rich-text.ts): paragraphs, line breaks, bold, italic,
 * underline, two heading levels, lists and http(s) links. Pasted content is parsed by these
 * too, so a pasted image, quote or code block arrives as plain paragraphs.
 */
export function waiverEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      // Mantine's Link below (its toolbar control and Ctrl+K) instead of the kit's.
      link: false,
      heading: { levels: [...WAIVER_TEXT_HEADING_LEVELS] },
    }),
    Link.configure({
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isWaiverLinkHref(url),
      // The signer's page opens links in a new tab itself; the stored link is its address only.
      HTMLAttributes: { target: null, rel: null },
    }),
  ];
}
