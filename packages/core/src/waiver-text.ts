/**
 * A waiver's rich text between the console's editor and the server's sanitizer (decision 023):
 * what the editor may make, and samples of its real output that both sides test, so the
 * sanitizer keeps everything the toolbar makes and the editor makes nothing it drops.
 */

/** The heading levels the editor's toolbar offers (the sanitizer keeps h1 to h4). */
export const WAIVER_TEXT_HEADING_LEVELS = [2, 3] as const;

/** A link in a waiver goes to an http(s) address only. */
export function isWaiverLinkHref(href: string): boolean {
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(href.trim());
}

type Mark = { type: string; attrs?: Record<string, unknown> };
type Node = { type: string; attrs?: Record<string, unknown>; content?: Node[]; text?: string; marks?: Mark[] };

const text = (value: string, ...marks: Mark[]): Node => ({ type: 'text', text: value, ...(marks.length ? { marks } : {}) });
const paragraph = (...content: Node[]): Node => ({ type: 'paragraph', content });
const item = (...content: Node[]): Node => ({ type: 'listItem', content: [paragraph(...content)] });
const doc = (...content: Node[]) => ({ type: 'doc', content });

/**
 * Documents as the editor holds them (its JSON) and the HTML it gives for each (getHTML).
 * The sanitizer stores that HTML unchanged, or `stored` when told.
 */
export const WAIVER_EDITOR_SAMPLES: { name: string; doc: ReturnType<typeof doc>; html: string; stored?: string }[] = [
  {
    name: 'marks and a line break',
    doc: doc(
      paragraph(
        text('Read '),
        text('this', { type: 'bold' }),
        text(', '),
        text('carefully', { type: 'italic' }),
        text(' and '),
        text('sign', { type: 'underline' }),
        { type: 'hardBreak' },
        text('all of it', { type: 'bold' }, { type: 'italic' }),
      ),
    ),
    html: '<p>Read <strong>this</strong>, <em>carefully</em> and <u>sign</u><br><strong><em>all of it</em></strong></p>',
    // The sanitizer writes a line break as <br /> (the same element to every HTML parser).
    stored: '<p>Read <strong>this</strong>, <em>carefully</em> and <u>sign</u><br /><strong><em>all of it</em></strong></p>',
  },
  {
    name: 'headings',
    doc: doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Risks')] },
      { type: 'heading', attrs: { level: 3 }, content: [text('Minors')] },
    ),
    html: '<h2>Risks</h2><h3>Minors</h3>',
  },
  {
    name: 'lists',
    doc: doc(
      { type: 'bulletList', content: [item(text('Closed-toe shoes')), item(text('Stay behind the line', { type: 'bold' }))] },
      { type: 'orderedList', attrs: { start: 1 }, content: [item(text('Listen')), item(text('Throw'))] },
    ),
    html: '<ul><li><p>Closed-toe shoes</p></li><li><p><strong>Stay behind the line</strong></p></li></ul><ol><li><p>Listen</p></li><li><p>Throw</p></li></ol>',
  },
  {
    name: 'a link',
    doc: doc(paragraph(text('See '), text('the rules', { type: 'link', attrs: { href: 'https://example.test/rules?x=1&y=2' } }))),
    html: '<p>See <a href="https://example.test/rules?x=1&amp;y=2">the rules</a></p>',
  },
  {
    name: 'an empty paragraph between two',
    doc: doc(paragraph(text('One')), { type: 'paragraph' }, paragraph(text('Two'))),
    html: '<p>One</p><p></p><p>Two</p>',
  },
  {
    name: 'a script typed as text',
    doc: doc(paragraph(text('<script>alert(1)</script> & <b>not bold</b>'))),
    html: '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;not bold&lt;/b&gt;</p>',
  },
  {
    name: 'a javascript: link (the editor refuses it: its href comes out empty)',
    doc: doc(paragraph(text('click', { type: 'link', attrs: { href: 'javascript:alert(1)' } }))),
    html: '<p><a href="">click</a></p>',
    stored: '<p><a>click</a></p>',
  },
];
