import { ImapFlow, type MessageStructureObject } from 'imapflow';
import { simpleParser } from 'mailparser';
import { FolderNotFoundError } from '../../mail/index.ts';
import type {
  TImapCursor,
  TItemSink,
  TRemoteFile,
  TRemoteItem,
  TSourceConnectionConfig,
} from './fetcher.types.ts';

const DEFAULT_TIMEOUT_MS = 20_000;
/** UIDs per FETCH of envelopes and structures. */
const STRUCTURE_BATCH = 200;

function createClient(config: TSourceConnectionConfig): ImapFlow {
  const timeout = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const isImplicitTls = config.protocol === 'imaps';
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: isImplicitTls,
    // Plain IMAP with the SSL flag: STARTTLS is required; without it, used when offered.
    ...(isImplicitTls ? {} : config.isSsl ? { doSTARTTLS: true } : {}),
    auth: { user: config.username, pass: config.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: Math.max(timeout * 3, 60_000),
    clientInfo: { name: 'MastHub' },
  });
  // A socket error after connect is emitted as an event; without a listener it would crash the process.
  client.on('error', () => undefined);
  return client;
}

/** Connects and logs in, runs `work`, and always closes the connection. */
export async function withImap<T>(
  config: TSourceConnectionConfig,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = createClient(config);
  try {
    await client.connect();
    return await work(client);
  } finally {
    if (client.usable) await client.logout().catch(() => client.close());
    else client.close();
  }
}

function isMissingMailbox(error: unknown): boolean {
  const e = error as { serverResponseCode?: string; responseText?: string; message?: string };
  return (
    e.serverResponseCode === 'NONEXISTENT' ||
    /doesn't exist|does not exist|not exist|no such mailbox|unknown mailbox/i.test(
      `${e.responseText ?? ''} ${e.message ?? ''}`,
    )
  );
}

async function openMailbox(client: ImapFlow, mailbox: string) {
  try {
    return await client.getMailboxLock(mailbox, { readOnly: true });
  } catch (error) {
    if (isMissingMailbox(error)) throw new FolderNotFoundError(mailbox);
    throw error;
  }
}

/** Logs in and checks that `mailbox` exists (test_connection). */
export function testImap(config: TSourceConnectionConfig, mailbox: string): Promise<void> {
  return withImap(config, async (client) => {
    const lock = await openMailbox(client, mailbox);
    lock.release();
  });
}

/** The mailboxes of the account (ftp_dirs for an e-mail source). */
export function listMailboxes(config: TSourceConnectionConfig): Promise<{ path: string; name: string }[]> {
  return withImap(config, async (client) => {
    const boxes = await client.list();
    return boxes
      .filter((b) => !b.flags?.has('\\Noselect'))
      .map((b) => ({ path: b.path, name: b.name }))
      .sort((a, b) => a.path.localeCompare(b.path));
  });
}

function maxOf(values: readonly number[], start: number): number {
  return values.reduce((a, b) => (b > a ? b : a), start);
}

/** Whether a message has a part that is a file: an attachment disposition or a file name. */
export function hasFilePart(node: MessageStructureObject | undefined): boolean {
  if (!node) return false;
  if (
    node.disposition?.toLowerCase() === 'attachment' ||
    node.dispositionParameters?.filename ||
    node.parameters?.name
  ) {
    return true;
  }
  return (node.childNodes ?? []).some(hasFilePart);
}

/** The files of a raw RFC 5322 message: its attachments, names decoded (RFC 2047/2231, any charset). */
export async function attachmentsOf(source: Buffer): Promise<{
  files: TRemoteFile[];
  messageId: string;
  subject: string;
  sender: string;
}> {
  const parsed = await simpleParser(source, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  const files: TRemoteFile[] = [];
  parsed.attachments.forEach((attachment, index) => {
    // Inline images of an HTML body are no data files.
    if (attachment.related && !attachment.filename) return;
    if (!attachment.filename && attachment.contentDisposition !== 'attachment') return;
    files.push({
      position: index,
      fileName: (attachment.filename ?? `attachment-${index + 1}`).replace(/[\\/]/g, '_'),
      sizeBytes: attachment.content.length,
      bytes: attachment.content,
    });
  });
  const from = parsed.from?.value[0]?.address ?? '';
  return { files, messageId: parsed.messageId ?? '', subject: parsed.subject ?? '', sender: from };
}

/**
 * Fetches the new messages of each mailbox: UIDs above the cursor (same UIDVALIDITY) plus messages
 * claimed earlier but never finished. Messages without a file part are passed over without download.
 * Mailboxes are opened read-only: flags are left as they are. Returns the advanced cursor.
 */
export async function fetchImap(
  config: TSourceConnectionConfig,
  mailboxes: readonly string[],
  cursor: TImapCursor,
  sink: TItemSink,
): Promise<TImapCursor> {
  const next: TImapCursor = { ...cursor };
  await withImap(config, async (client) => {
    for (const mailbox of mailboxes) {
      if (sink.isFull()) break;
      const lock = await openMailbox(client, mailbox);
      try {
        const box = client.mailbox;
        if (!box) throw new FolderNotFoundError(mailbox);
        const validity = Number(box.uidValidity);
        const previous = cursor[mailbox];
        const lastUid = previous && previous.validity === validity ? previous.uid : 0;
        const found =
          box.exists === 0 ? [] : (await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || [];
        // `n:*` always names the last message, even when its UID is below n.
        const fresh = found.filter((uid) => uid > lastUid);
        const pending = await sink.listPendingUids(mailbox, validity);
        const uids = [...new Set([...pending, ...fresh])].sort((a, b) => a - b);
        const keyOf = (uid: number) => `imap:${mailbox}:${validity}:${uid}`;
        const wanted = await sink.selectNew(uids.map(keyOf));
        const candidates = uids.filter((uid) => wanted.has(keyOf(uid)));
        let highest = lastUid;
        for (let i = 0; i < candidates.length && !sink.isFull(); i += STRUCTURE_BATCH) {
          const batch = candidates.slice(i, i + STRUCTURE_BATCH);
          const withFiles: { uid: number; size: number }[] = [];
          // Collect first: no other command may run while a FETCH is being read.
          for await (const message of client.fetch(
            batch.join(','),
            { uid: true, bodyStructure: true, size: true },
            { uid: true },
          )) {
            if (hasFilePart(message.bodyStructure))
              withFiles.push({ uid: message.uid, size: message.size ?? 0 });
          }
          for (const { uid, size } of withFiles.sort((a, b) => a.uid - b.uid)) {
            if (sink.isFull()) break;
            const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
            if (!message) continue;
            const source = message.source;
            if (!source) continue;
            const parsed = await attachmentsOf(source);
            const item: TRemoteItem = {
              key: keyOf(uid),
              kind: 'email',
              folder: mailbox,
              uid,
              messageId: parsed.messageId,
              subject: parsed.subject,
              sender: parsed.sender,
              remotePath: '',
              sizeBytes: size || source.length,
            };
            await sink.handle(item, parsed.files);
          }
          if (!sink.isFull()) highest = maxOf(batch, highest);
        }
        // Messages skipped as already fetched, or without files, move the cursor on too.
        if (!sink.isFull()) highest = maxOf(fresh, highest);
        next[mailbox] = { validity, uid: highest };
      } finally {
        lock.release();
      }
    }
  });
  return next;
}
