import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a download ticket opens the file: it is fetched right after it was issued. */
export const TICKET_SECONDS = 120;

export interface TDownloadLink {
  applicationId: number;
  applicantId: number;
  /** Unix seconds. */
  expiresAt: number;
  fileSha256: string;
}

export interface TDownloadTicket {
  applicationId: number;
  userId: number;
  via: 'link' | 'app';
  /** Unix seconds. */
  expiresAt: number;
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
 * HMAC-SHA256 signatures of delivered download links and of the short tickets that open a file. A
 * link names the application, its applicant, its expiry and the file's SHA-256: a link of another
 * application, a changed expiry or a re-exported file does not verify. The key is derived from the
 * installation's secret (PASSWORD_RECORD_KEY or DATA_DIR/secret.key), so every process shares it.
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

  async issueTicket(ticket: TDownloadTicket): Promise<string> {
    const body = `${ticket.applicationId}.${ticket.userId}.${ticket.via}.${ticket.expiresAt}`;
    return `${body}.${sign(await this.key(), `ticket.${body}`)}`;
  }

  /** The ticket's content when its signature holds and it has not expired at `nowMs`, else null. */
  async readTicket(token: string, nowMs: number): Promise<TDownloadTicket | null> {
    const m = /^(\d{1,15})\.(\d{1,15})\.(link|app)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return null;
    const body = `${m[1]}.${m[2]}.${m[3]}.${m[4]}`;
    if (!sameSignature(sign(await this.key(), `ticket.${body}`), m[5]!)) return null;
    const expiresAt = Number(m[4]);
    if (expiresAt * 1000 < nowMs) return null;
    return { applicationId: Number(m[1]), userId: Number(m[2]), via: m[3] as 'link' | 'app', expiresAt };
  }
}
