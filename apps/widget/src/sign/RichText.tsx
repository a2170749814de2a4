import { Fragment, useMemo, type ReactNode } from 'react';

/**
 * A waiver's rich text (HTML the server sanitized) shown as elements: parsed with DOMParser,
 * which runs nothing, and walked, keeping only the tags a waiver needs; never innerHTML
 * (docs/code-style.md, "User text"). Links only to http(s) addresses.
 */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title']);
const KEPT = new Set(['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'h5']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h5' };

function safeHref(href: string | null): string | null {
  try {
    const url = new URL((href ?? '').trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function render(node: Node): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes).map((child, i) => <Fragment key={i}>{render(child)}</Fragment>);
  if (tag === 'br') return <br />;
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    return href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <>{children}</>
    );
  }
  const Tag = (RENAMED[tag] ?? tag) as 'p';
  return KEPT.has(RENAMED[tag] ?? tag) ? <Tag>{children}</Tag> : <>{children}</>;
}

export function RichText({ html }: { html: string }) {
  const content = useMemo(() => {
    if (!html.trim()) return null;
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return Array.from(body.childNodes).map((child, i) => <Fragment key={i}>{render(child)}</Fragment>);
  }, [html]);
  return content ? <div className="lb-rich">{content}</div> : null;
}
