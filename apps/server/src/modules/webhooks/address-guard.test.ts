import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isInternalAddress, resolveTarget } from './outbound-http.ts';

describe('the webhook address guard', () => {
  it('refuses loopback, link-local, private, unspecified and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.1',
      '169.254.169.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
  });

  it('refuses the IPv6 forms that carry an internal IPv4 address: compatible, mapped, translated, 6to4, NAT64, Teredo', () => {
    for (const address of [
      '::127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '::ffff:7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a00:1',
      '0:0:0:0:ffff:0:a9fe:a9fe',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:101:1::5',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      'fec0::1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
  });

  it('embeddedIpv4 reads the IPv4 address inside each form, and none from a plain IPv6 address', () => {
    expect(embeddedIpv4('::127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:0:10.1.2.3')).toBe('10.1.2.3');
    expect(embeddedIpv4('::ffff:a01:203')).toBe('10.1.2.3');
    expect(embeddedIpv4('2002:a9fe:a9fe::')).toBe('169.254.169.254');
    expect(embeddedIpv4('64:ff9b::808:808')).toBe('8.8.8.8');
    // Teredo keeps the client's address inverted in the last 32 bits.
    expect(embeddedIpv4('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe('127.0.0.1');
    expect(embeddedIpv4('2606:4700:4700::1111')).toBeUndefined();
  });

  it('lets public addresses through, also in the IPv6 forms that carry one', () => {
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.4.4',
      '2002:808:808::1',
      '64:ff9b::8.8.8.8',
      '::ffff:0:1.1.1.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses the internal IPv6 forms written in a URL, as the URL parser rewrites them', async () => {
    for (const url of [
      'http://[::127.0.0.1]:9/',
      'http://[::ffff:127.0.0.1]:9/',
      'http://[::ffff:0:127.0.0.1]:9/',
      'http://[2002:7f00:1::]:9/',
      'http://[64:ff9b::169.254.169.254]/',
    ]) {
      await expect(resolveTarget(new URL(url), false), url).rejects.toMatchObject({
        code: 'WEBHOOK_ADDRESS_REFUSED',
      });
    }
  });

  it('answers a name that does not exist as it answers an internal one, and names no address', async () => {
    const internal = await resolveTarget(new URL('http://localhost:9/'), false).catch((e: unknown) => e);
    const missing = await resolveTarget(new URL('http://no-such-host.invalid/'), false).catch(
      (e: unknown) => e,
    );
    expect(internal).toMatchObject({ code: 'WEBHOOK_ADDRESS_REFUSED', details: { host: 'localhost' } });
    expect(missing).toMatchObject({
      code: 'WEBHOOK_ADDRESS_REFUSED',
      details: { host: 'no-such-host.invalid' },
    });
    expect(Object.keys((internal as { details: object }).details)).toEqual(['host']);
    // Where internal addresses are allowed there is nothing to hide: a missing name is said to be one.
    await expect(resolveTarget(new URL('http://no-such-host.invalid/'), true)).rejects.toMatchObject({
      code: 'WEBHOOK_DNS_FAILED',
    });
  });

  it('refuses a host name that resolves to loopback, and allows it when the installation says so', async () => {
    await expect(resolveTarget(new URL('http://localhost:9/'), false)).rejects.toMatchObject({
      code: 'WEBHOOK_ADDRESS_REFUSED',
    });
    await expect(resolveTarget(new URL('http://[::1]:9/'), false)).rejects.toMatchObject({
      code: 'WEBHOOK_ADDRESS_REFUSED',
    });
    const allowed = await resolveTarget(new URL('http://127.0.0.1:9/'), true);
    expect(allowed.address).toBe('127.0.0.1');
  });
});
