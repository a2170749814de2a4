import { describe, expect, it } from 'vitest';
import { WAIVER_EDITOR_SAMPLES } from '@lanebook/core/waiver-text';
import { DEFAULT_WAIVER_TEXT } from './default-waiver.js';
import { sanitizeWaiverText, waiverTextAsPlain } from './rich-text.js';

describe("the waiver text's sanitizer and the console's editor", () => {
  // The samples are the editor's real HTML for each document (apps/console/src/features/waivers/waiver-editor.unit.test.ts checks that side).
  for (const sample of WAIVER_EDITOR_SAMPLES) {
    it(`keeps what the editor makes: ${sample.name}`, () => {
      expect(sanitizeWaiverText(sample.html)).toBe(sample.stored ?? sample.html);
    });
  }

  it('stores what it keeps unchanged when saved again (an edit reopened and saved changes nothing)', () => {
    for (const sample of WAIVER_EDITOR_SAMPLES) {
      const stored = sanitizeWaiverText(sample.html);
      expect(sanitizeWaiverText(stored)).toBe(stored);
    }
    expect(sanitizeWaiverText(DEFAULT_WAIVER_TEXT)).toBe(DEFAULT_WAIVER_TEXT);
  });

  it("drops what the toolbar cannot make: scripts, handlers, styles, images, other schemes, the link editor's target", () => {
    const pasted =
      '<p style="color:red" onclick="x()">Hi<img src="x" onerror="alert(1)"><script>alert(2)</script></p>' +
      '<blockquote>quote</blockquote><pre><code>code</code></pre><s>struck</s><hr>' +
      '<a href="javascript:alert(3)">js</a><a href="data:text/html,x">data</a><a href="//evil.test">relative</a>' +
      '<a target="_blank" rel="noopener" href="https://ok.test/">ok</a><iframe src="https://evil.test"></iframe>';
    const stored = sanitizeWaiverText(pasted);
    expect(stored).toBe('<p>Hi</p>quotecodestruck<a>js</a><a>data</a><a>relative</a><a href="https://ok.test/">ok</a>');
    expect(stored).not.toMatch(/script|onerror|onclick|style=|javascript:|<img|<iframe|target=/i);
  });

  it('reads as plain text for the PDF and the export, a line for each paragraph and item', () => {
    const lists = WAIVER_EDITOR_SAMPLES.find((s) => s.name === 'lists')!;
    expect(waiverTextAsPlain(sanitizeWaiverText(lists.html))).toBe('Closed-toe shoes\nStay behind the line\nListen\nThrow');
  });
});
