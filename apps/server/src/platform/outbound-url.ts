import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where the server may send requests of its own (webhook deliveries, later others): one check,
 * used when a target is saved and again, on the address actually connected to, when it is
 * called, so a host name that resolves elsewhere later (DNS rebinding) is caught at delivery
 * (docs/decisions/009-uploads-and-webhook-targets.md).
 *
 * The rule: http or https only, no user name or password in the URL, and every address the host
 * stands for must be public. Loopback, private and link-local addresses are allowed only when
 * the operator says so (WEBHOOK_ALLOW_PRIVATE_NETWORKS, for receivers on the same machine or
 * network); cloud metadata, unspecified, multicast and reserved addresses never are.
 */

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'metadata'
  /** Multicast, broadcast, documentation, benchmarking and other ranges nobody serves webhooks from. */
  | 'reserved';

/** Classes a private-network install may reach; the rest are refused whatever the setting. */
const PRIVATE_NETWORK_CLASSES: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'link-local']);

/** Host names of cloud metadata services, refused before any lookup. */
const METADATA_HOSTS = new Set(['metadata.google.internal']);

const CLASS_WORDS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  unspecified: 'an unspecified address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved address',
};

type Range = [base: number, bits: number, cls: AddressClass];

// Checked in order: the first range that holds the address gives its class.
const IPV4_RANGES: Range[] = [
  [ipv4ToInt('169.254.169.254'), 32, 'metadata'], // AWS, GCP, Azure, ...
  [ipv4ToInt('0.0.0.0'), 8, 'unspecified'], // "this network"
  [ipv4ToInt('127.0.0.0'), 8, 'loopback'],
  [ipv4ToInt('10.0.0.0'), 8, 'private'],
  [ipv4ToInt('172.16.0.0'), 12, 'private'],
  [ipv4ToInt('192.168.0.0'), 16, 'private'],
  [ipv4ToInt('100.64.0.0'), 10, 'private'], // carrier-grade NAT, shared address space
  [ipv4ToInt('169.254.0.0'), 16, 'link-local'],
  [ipv4ToInt('192.0.0.0'), 24, 'reserved'], // IETF protocol assignments
  [ipv4ToInt('192.0.2.0'), 24, 'reserved'], // documentation
  [ipv4ToInt('198.51.100.0'), 24, 'reserved'], // documentation
  [ipv4ToInt('203.0.113.0'), 24, 'reserved'], // documentation
  [ipv4ToInt('198.18.0.0'), 15, 'reserved'], // benchmarking
  [ipv4ToInt('224.0.0.0'), 4, 'reserved'], // multicast
  [ipv4ToInt('240.0.0.0'), 4, 'reserved'], // future use and broadcast
];

function ipv4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inRange(value: number, base: number, bits: number): boolean {
  if (bits === 0) return true;
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(base / size);
}

function classifyIpv4(address: string): AddressClass {
  const value = ipv4ToInt(address);
  for (const [base, bits, cls] of IPV4_RANGES) if (inRange(value, base, bits)) return cls;
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === null ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) => parseInt(group, 16));
}

function embeddedIpv4(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function classifyIpv6(address: string): AddressClass {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // IPv4 written as IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d).
  if (zeros(0, 5) && g[5] === 0xffff) return classifyIpv4(embeddedIpv4(g[6], g[7]));
  if (zeros(0, 6)) return classifyIpv4(embeddedIpv4(g[6], g[7]));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return classifyIpv4(embeddedIpv4(g[6], g[7]));
  // 6to4 (2002:a.b.c.d::/48) carries an IPv4 address too.
  if (g[0] === 0x2002) return classifyIpv4(embeddedIpv4(g[1], g[2]));
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && zeros(2, 7) && g[7] === 0x254) return 'metadata'; // AWS over IPv6
  if ((g[0] & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((g[0] & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local fec0::/10
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g[0] & 0xff00) === 0xff00) return 'reserved'; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation
  if (g[0] === 0x0100 && zeros(1, 4)) return 'reserved'; // discard-only 100::/64
  return 'public';
}

/** The class of a literal IP address (IPv4 or IPv6, brackets allowed); throws on anything else. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare.split('%')[0]);
  if (family === 4) return classifyIpv4(bare);
  if (family === 6) return classifyIpv6(bare);
  throw new Error(`Not an IP address: ${address}`);
}

/** Whether a request may go to an address of this class. */
export function isAllowedClass(cls: AddressClass, options: { allowPrivateNetworks: boolean }): boolean {
  return cls === 'public' || (options.allowPrivateNetworks && PRIVATE_NETWORK_CLASSES.has(cls));
}

/** A target the server will not call; `message` is fit to show next to the field. */
export class OutboundUrlError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'scheme' | 'credentials' | 'unresolvable' | Exclude<AddressClass, 'public'>,
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundOptions {
  /** Loopback, private and link-local targets allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks: boolean;
  /** Name resolution; node:dns lookup (the system resolver, /etc/hosts included) by default. */
  lookup?: LookupAll;
  /** How long a lookup may take before the host counts as unresolvable. */
  timeoutMs?: number;
}

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

async function resolveWithin(lookup: LookupAll, hostname: string, timeoutMs: number): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    return await Promise.race([lookup(hostname), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function refuseAddress(cls: Exclude<AddressClass, 'public'>, through?: string): never {
  const what = CLASS_WORDS[cls];
  const how = through ? `resolves to ${what} (${through})` : `is ${what}`;
  throw new OutboundUrlError(`The URL's host ${how}; use a public address.`, cls);
}

/**
 * Checks a URL the server is asked to call and answers the addresses it may connect to (every
 * address the host resolves to, each allowed). Throws OutboundUrlError otherwise. At delivery,
 * connect to one of the answered addresses rather than resolving the name again.
 */
export async function checkOutboundUrl(raw: string, options: OutboundOptions): Promise<{ url: URL; addresses: ResolvedAddress[] }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError('The URL is not valid.', 'invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundUrlError('The URL must start with http:// or https://.', 'scheme');
  if (url.username || url.password) throw new OutboundUrlError('The URL must not contain a user name or password.', 'credentials');

  // The URL parser already turned every spelling of an IPv4 address (0x7f.1, 2130706433) into dotted form.
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (!host) throw new OutboundUrlError('The URL has no host.', 'invalid');
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(literal)) {
    const cls = classifyAddress(literal);
    if (!isAllowedClass(cls, options)) refuseAddress(cls as Exclude<AddressClass, 'public'>);
    return { url, addresses: [{ address: literal, family: isIP(literal) }] };
  }
  if (METADATA_HOSTS.has(host)) refuseAddress('metadata');
  // "localhost" and its subdomains are loopback whatever a resolver says.
  if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!isAllowedClass('loopback', options)) refuseAddress('loopback');
  }

  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveWithin(options.lookup ?? systemLookup, host, options.timeoutMs ?? 5000);
  } catch {
    throw new OutboundUrlError(`The URL's host ${host} could not be resolved.`, 'unresolvable');
  }
  if (addresses.length === 0) throw new OutboundUrlError(`The URL's host ${host} could not be resolved.`, 'unresolvable');
  for (const { address } of addresses) {
    const cls = classifyAddress(address);
    if (!isAllowedClass(cls, options)) refuseAddress(cls as Exclude<AddressClass, 'public'>, address);
  }
  return { url, addresses };
}
