import { createServer, type Server } from 'node:http';

/**
 * A venue's own web site for the widget tests: plain HTML pages on an origin of their own
 * (another port of 127.0.0.1), as a venue would host them, embedding Lanebook's loader.
 */
export async function startVenueSite(pages: Record<string, string>): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const html = pages[request.url?.split('?')[0] ?? '/'];
    if (html === undefined) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A page of the venue's site: its own header and text, and the snippet the console gives. */
export function venueSitePage(title: string, snippets: string[]): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family: Georgia, serif; margin: 0 auto; max-width: 860px; padding: 16px">
<header><h1>${title}</h1><p>Throw axes with friends. Book your lane below.</p></header>
${snippets.join('\n')}
<footer><p>Open every day from noon.</p></footer>
</body>
</html>`;
}
