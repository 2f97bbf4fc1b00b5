import { describe, expect, it } from 'vitest';
import { isInternalAddress, resolveTarget } from './outbound-http.ts';

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

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.4.4']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
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
