import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a download ticket opens the file (once): it is fetched right after it was issued. */
export const TICKET_SECONDS = 120;

export interface TDownloadLink {
  applicationId: number;
  applicantId: number;
  /** Unix seconds. */
  expiresAt: number;
  fileSha256: string;
}

function sign(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * HMAC-SHA256 signatures of delivered download links. A link names the application, its applicant, its
 * expiry and the file's SHA-256: a link of another application, a changed expiry or a re-exported file
 * does not verify. The key is derived from the installation's secret (PASSWORD_RECORD_KEY or
 * DATA_DIR/secret.key), so every process shares it. The tickets that then open the file are single-use
 * rows of download_ticket (ApplyService.ticket), not signatures.
 */
export class LinkSigner {
  constructor(private readonly key: () => Promise<Buffer>) {}

  async signLink(link: TDownloadLink): Promise<string> {
    return sign(
      await this.key(),
      `link.${link.applicationId}.${link.applicantId}.${link.expiresAt}.${link.fileSha256}`,
    );
  }

  async verifyLink(link: TDownloadLink, signature: string): Promise<boolean> {
    return sameSignature(await this.signLink(link), signature);
  }
}
