import { describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  classifyAddress,
  isAllowedClass,
  OutboundUrlError,
  type AddressClass,
  type LookupAll,
  type OutboundOptions,
} from './outbound-url.js';

describe('classifyAddress', () => {
  const cases: [string, AddressClass][] = [
    // IPv4
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['1.1.1.1', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['169.253.255.255', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.253', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv4 inside IPv6
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
  ];
  for (const [address, expected] of cases) {
    it(`${address} is ${expected}`, () => expect(classifyAddress(address)).toBe(expected));
  }

  it('throws on anything that is not an IP address', () => {
    expect(() => classifyAddress('localhost')).toThrow(/Not an IP address/);
    expect(() => classifyAddress('256.1.1.1')).toThrow(/Not an IP address/);
  });
});

describe('isAllowedClass', () => {
  it('only public without the switch; loopback, private and link-local with it; metadata, unspecified and reserved never', () => {
    const classes: AddressClass[] = ['public', 'loopback', 'private', 'link-local', 'unspecified', 'metadata', 'reserved'];
    expect(classes.filter((cls) => isAllowedClass(cls, { allowPrivateNetworks: false }))).toEqual(['public']);
    expect(classes.filter((cls) => isAllowedClass(cls, { allowPrivateNetworks: true }))).toEqual([
      'public',
      'loopback',
      'private',
      'link-local',
    ]);
  });
});

describe('checkOutboundUrl', () => {
  /** A resolver with a fixed table: no network needed. */
  const table: Record<string, string[]> = {
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'internal.example.com': ['10.0.0.7'],
    'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    localhost: ['127.0.0.1', '::1'],
  };
  const lookup: LookupAll = async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const closed = { allowPrivateNetworks: false, lookup };
  const open = { allowPrivateNetworks: true, lookup };

  async function refusal(url: string, options: OutboundOptions = closed): Promise<OutboundUrlError> {
    const error = await checkOutboundUrl(url, options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, url).toBeInstanceOf(OutboundUrlError);
    return error as OutboundUrlError;
  }

  it('answers a public host with every address it resolves to', async () => {
    const { url, addresses } = await checkOutboundUrl('https://hooks.example.com/lanebook?x=1', closed);
    expect(url.hostname).toBe('hooks.example.com');
    expect(addresses.map((a) => a.address)).toEqual(table['hooks.example.com']);
    expect((await checkOutboundUrl('http://8.8.8.8:8080/in', closed)).addresses).toEqual([{ address: '8.8.8.8', family: 4 }]);
    expect((await checkOutboundUrl('http://[2606:4700:4700::1111]/in', closed)).addresses).toEqual([
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
  });

  it('refuses loopback, private, link-local, unspecified and metadata literals, however the IPv4 is spelled', async () => {
    const cases: [string, string][] = [
      ['http://127.0.0.1:5432/', 'loopback'],
      ['http://2130706433/', 'loopback'],
      ['http://0x7f.1/', 'loopback'],
      ['http://127.1/', 'loopback'],
      ['http://[::1]/', 'loopback'],
      ['http://[::ffff:127.0.0.1]/', 'loopback'],
      ['http://10.0.0.5:8080/hook', 'private'],
      ['http://172.16.3.4/', 'private'],
      ['http://192.168.0.1/', 'private'],
      ['http://[fd12::1]/', 'private'],
      ['http://169.254.10.10/', 'link-local'],
      ['http://[fe80::1]/', 'link-local'],
      ['http://0.0.0.0/', 'unspecified'],
      ['http://[::]/', 'unspecified'],
      ['http://169.254.169.254/latest/meta-data/', 'metadata'],
      ['http://[fd00:ec2::254]/', 'metadata'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
      ['http://METADATA.google.internal./', 'metadata'],
    ];
    for (const [url, reason] of cases) expect((await refusal(url)).reason, url).toBe(reason);
  });

  it('refuses host names that resolve to such an address, even one of several', async () => {
    expect((await refusal('http://localhost:3000/')).reason).toBe('loopback');
    expect((await refusal('http://api.localhost/')).reason).toBe('loopback');
    expect((await refusal('https://internal.example.com/')).reason).toBe('private');
    const mixed = await refusal('https://mixed.example.com/');
    expect(mixed.reason).toBe('loopback');
    expect(mixed.message).toContain('127.0.0.1');
    expect((await refusal('https://metadata.example.com/', open)).reason).toBe('metadata');
  });

  it('refuses an unresolvable host, and a lookup that takes too long', async () => {
    const error = await refusal('https://nowhere.example.com/');
    expect(error.reason).toBe('unresolvable');
    expect(error.message).toContain('nowhere.example.com');
    const slow: LookupAll = () => new Promise(() => {});
    expect((await refusal('https://slow.example.com/', { allowPrivateNetworks: false, lookup: slow, timeoutMs: 20 })).reason).toBe(
      'unresolvable',
    );
  });

  it('refuses other schemes and URLs with credentials, whatever the switch', async () => {
    for (const options of [closed, open]) {
      expect((await refusal('ftp://hooks.example.com/', options)).reason).toBe('scheme');
      expect((await refusal('file:///etc/passwd', options)).reason).toBe('scheme');
      expect((await refusal('gopher://127.0.0.1:6379/', options)).reason).toBe('scheme');
      expect((await refusal('https://user:pass@hooks.example.com/', options)).reason).toBe('credentials');
      expect((await refusal('https://user@hooks.example.com/', options)).reason).toBe('credentials');
      expect((await refusal('not a url', options)).reason).toBe('invalid');
    }
  });

  it('with private networks allowed: loopback, private and link-local pass; metadata and unspecified still do not', async () => {
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://localhost:3000/',
      'http://10.0.0.5/',
      'http://[fe80::1]/',
      'https://internal.example.com/',
    ]) {
      await expect(checkOutboundUrl(url, open), url).resolves.toMatchObject({ url: expect.any(URL) });
    }
    for (const url of ['http://169.254.169.254/', 'http://[fd00:ec2::254]/', 'http://metadata.google.internal/', 'http://0.0.0.0/']) {
      await refusal(url, open);
    }
  });
});
