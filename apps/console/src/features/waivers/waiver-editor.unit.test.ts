import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { DOMSerializer } from '@tiptap/pm/model';
import { WAIVER_EDITOR_SAMPLES } from '@lanebook/core/waiver-text';
import { waiverEditorExtensions } from './waiver-editor-config';

/**
 * The editor's HTML for each sample document, made as the editor's getHTML makes it (its schema's
 * DOMSerializer, then the markup) on a minimal document, as the unit tests run without a browser.
 * The server's rich-text.unit.test.ts checks the sanitizer keeps the same HTML.
 */
const escapeText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
const escapeAttribute = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/\u00a0/g, '&nbsp;');
const VOID = new Set(['br', 'img', 'hr']);

class FakeNode {
  readonly childNodes: FakeNode[] = [];
  readonly attributes = new Map<string, string>();
  constructor(
    readonly nodeName: string,
    readonly text = '',
  ) {}
  get nodeType() {
    return this.nodeName === '#text' ? 3 : this.nodeName === '#fragment' ? 11 : 1;
  }
  appendChild(child: FakeNode) {
    this.childNodes.push(child);
    return child;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, String(value));
  }
  get html(): string {
    if (this.nodeName === '#text') return escapeText(this.text);
    const inner = this.childNodes.map((c) => c.html).join('');
    if (this.nodeName === '#fragment') return inner;
    const attributes = [...this.attributes].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
    return VOID.has(this.nodeName) ? `<${this.nodeName}${attributes}>` : `<${this.nodeName}${attributes}>${inner}</${this.nodeName}>`;
  }
}
const fakeDocument = {
  createElement: (tag: string) => new FakeNode(tag),
  createElementNS: (_ns: string, tag: string) => new FakeNode(tag),
  createTextNode: (text: string) => new FakeNode('#text', text),
  createDocumentFragment: () => new FakeNode('#fragment'),
};

const schema = getSchema(waiverEditorExtensions());
const htmlOf = (json: unknown) => {
  const doc = schema.nodeFromJSON(json);
  const fragment = DOMSerializer.fromSchema(schema).serializeFragment(doc.content, { document: fakeDocument as unknown as Document });
  return (fragment as unknown as FakeNode).html;
};

describe("the waiver editor's output", () => {
  for (const sample of WAIVER_EDITOR_SAMPLES) {
    it(`makes the HTML the sanitizer is tested with: ${sample.name}`, () => {
      expect(htmlOf(sample.doc)).toBe(sample.html);
    });
  }

  it('has nothing the sanitizer would drop: no images, quotes, code, rules, strike-through, h1 or h4', () => {
    const nodes = Object.keys(schema.nodes).sort();
    expect(nodes).toEqual(['bulletList', 'doc', 'hardBreak', 'heading', 'listItem', 'orderedList', 'paragraph', 'text'].sort());
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'italic', 'link', 'underline']);
    expect(() => htmlOf({ type: 'doc', content: [{ type: 'image', attrs: { src: 'x' } }] })).toThrow();
    // A heading level outside the toolbar's is no heading.
    const pasted = schema.nodes.heading.spec.parseDOM?.map((rule) => rule.tag);
    expect(pasted).toEqual(['h2', 'h3']);
  });
});
