import { Fragment, useMemo, type ReactNode } from 'react';
import { Anchor, Text, Title, Typography } from '@mantine/core';

/**
 * Shows a waiver's rich text (HTML the server sanitized) as React elements: it parses with
 * DOMParser, which runs nothing, and walks the nodes, keeping only the tags a waiver needs
 * (p, br, strong, b, em, i, u, ul, ol, li, h1-h4, and a with an http(s) href). Never innerHTML
 * (docs/code-style.md, "User text"): anything else is shown as its text, or dropped when it is
 * script-like.
 */

/** Elements whose content is never text to show. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title']);

/** Only http(s) links, resolved against nothing: a relative or other-scheme href is not a link. */
export function safeHref(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function renderChildren(node: Node): ReactNode[] {
  return Array.from(node.childNodes).map((child, index) => <Fragment key={index}>{renderNode(child)}</Fragment>);
}

function renderNode(node: Node): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = renderChildren(element);
  switch (tag) {
    case 'p':
      return <p>{children}</p>;
    case 'br':
      return <br />;
    case 'strong':
    case 'b':
      return <strong>{children}</strong>;
    case 'em':
    case 'i':
      return <em>{children}</em>;
    case 'u':
      return <u>{children}</u>;
    case 'ul':
      return <ul>{children}</ul>;
    case 'ol':
      return <ol>{children}</ol>;
    case 'li':
      return <li>{children}</li>;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
      // One level below the page's own headings.
      return <Title order={(Number(tag[1]) + 1) as 2 | 3 | 4 | 5}>{children}</Title>;
    case 'a': {
      const href = safeHref(element.getAttribute('href'));
      return href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </Anchor>
      ) : (
        <>{children}</>
      );
    }
    default:
      // body, div, span and any tag not allowed: its content, without the tag.
      return <>{children}</>;
  }
}

export function RichText({ html, ...props }: { html: string; 'data-testid'?: string }) {
  const content = useMemo(() => {
    if (!html.trim()) return null;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return renderChildren(doc.body);
  }, [html]);
  if (!content) return null;
  return (
    <Typography data-testid={props['data-testid'] ?? 'rich-text'}>
      <Text component="div" size="sm">
        {content}
      </Text>
    </Typography>
  );
}
