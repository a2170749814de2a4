import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP peer for the mail tests. */

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP refusal: 451 (try again later) is temporary, 550 (no such mailbox) permanent. */
export interface Refusal {
  code: number;
  message: string;
}

/**
 * A real SMTP server on a random loopback port that keeps what it receives. `refuse` answers a
 * recipient with an error code instead of taking it (asked at each RCPT TO).
 */
export async function startSmtp(options: { refuse?: (recipient: string) => Refusal | undefined } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // Closing waits for clients that keep their connection open (a pooled transport) up to this
    // long before cutting them; smtp-server's 30 s default made every mail file wait on its close.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a message as a reader sees it: quoted-printable soft breaks and escapes undone. */
export function decodeBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
