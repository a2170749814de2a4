import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
// Sentence punctuation right after a URL ("…/login.") is not part of it.
const TRAILING = /[.,;:!?)\]']+$/;

/** Plain mail text with every URL as a real link to exactly that URL. */
export function Linkified({ text }: { text: string }) {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
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
