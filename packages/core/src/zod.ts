import { z } from 'zod';

/**
 * The one zod of packages/core and the console. In a browser zod must not probe for eval:
 * the console's Content-Security-Policy forbids it, and the browser reports even a probe
 * that zod catches. The server keeps zod's faster compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
