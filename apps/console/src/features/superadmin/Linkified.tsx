import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
// Sentence punctuation right after a URL ("…/login.") is not part of it.
const TRAILING = /[.,;:!?)\]']+$/;

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Plain mail text with Lanebook's own links (those of `origin`, the console's) as real links to
 * exactly that URL. Any other URL stays text: mail carries text others wrote (a venue name, a
 * person's name), and the outbox must not turn it into a link (decision 008).
 */
export function Linkified({ text, origin }: { text: string; origin: string }) {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    if (!sameOrigin(url, origin)) continue;
    const start = match.index;
    nodes.push(text.slice(last, start));
    nodes.push(
      <Anchor key={start} href={url} style={{ wordBreak: 'break-all' }}>
        {url}
      </Anchor>,
    );
    last = start + url.length;
  }
  nodes.push(text.slice(last));
  return <>{nodes}</>;
}
