import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** Templates that would read a file of the server through liquidjs's default file system. */
export const FILE_TAG_TEMPLATES: { tag: 'include' | 'render' | 'layout'; template: string }[] = [];
for (const tag of ['include', 'render', 'layout'] as const) {
  for (const file of ['package.json', '../package.json', '../../package.json', '/etc/passwd']) {
    FILE_TAG_TEMPLATES.push({ tag, template: `Hi {% ${tag} '${file}' %}` });
  }
}
FILE_TAG_TEMPLATES.push(
  { tag: 'include', template: "{% liquid\n  include 'package.json' %}" },
  { tag: 'render', template: "{% if true %}{% for a in (1..2) %}{% render '/etc/passwd' %}{% endfor %}{% endif %}" },
  { tag: 'include', template: '{% include customer.firstName %}' },
);

/** Bits of those files' text: none may appear in an answer or a mail. */
const FILE_TEXT = ['workspaces', 'devDependencies', '@lanebook/server', readFileSync('/etc/passwd', 'utf8').split('\n')[0] as string];

export function expectNoFileText(text: string) {
  for (const bit of FILE_TEXT) expect(text).not.toContain(bit);
}

/** 80 bytes, four million iterations: it held the server for 20 s before render limits. */
export const NESTED_LOOP = '{% for a in (1..2000) %}{% for b in (1..2000) %}x{% endfor %}{% endfor %}';

/** No output and few allocations but 18 million tags: only the time limit stops it, however fast the machine. */
export const SLOW_RENDER = `{% for a in (1..90000) %}${'{% assign b = a %}'.repeat(200)}{% endfor %}`;

/** Little work but 300,000 characters of output, past the output limit; short enough for a subject. */
export const LONG_OUTPUT = `{% for a in (1..2000) %}${'y'.repeat(150)}{% endfor %}`;
