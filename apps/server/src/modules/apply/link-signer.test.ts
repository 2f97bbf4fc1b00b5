import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LinkSigner } from './link-signer.ts';

const key = randomBytes(32);
const signer = new LinkSigner(async () => key);
const link = { applicationId: 7, applicantId: 3, expiresAt: 2_000_000_000, fileSha256: 'a'.repeat(64) };

describe('LinkSigner', () => {
  it('verifies the signature of the link it signed', async () => {
    expect(await signer.verifyLink(link, await signer.signLink(link))).toBe(true);
  });

  it('refuses a link whose application, applicant, expiry or file differ from what was signed', async () => {
    const signature = await signer.signLink(link);
    expect(await signer.verifyLink({ ...link, applicationId: 8 }, signature)).toBe(false);
    expect(await signer.verifyLink({ ...link, applicantId: 4 }, signature)).toBe(false);
    expect(await signer.verifyLink({ ...link, expiresAt: link.expiresAt + 86_400 }, signature)).toBe(false);
    expect(await signer.verifyLink({ ...link, fileSha256: 'b'.repeat(64) }, signature)).toBe(false);
    expect(await signer.verifyLink(link, 'x')).toBe(false);
  });

  it('refuses a link signed with another installation key', async () => {
    const other = new LinkSigner(async () => randomBytes(32));
    expect(await signer.verifyLink(link, await other.signLink(link))).toBe(false);
  });
});
