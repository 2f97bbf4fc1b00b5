/** The public face of the mail module: all that other modules, server.ts and the seed import of it. */

export { FolderNotFoundError, toDataSourceError } from './connection-errors.ts';
export { MailOutbox } from './mail-outbox.ts';
export { dataSourceSealContext, SmtpSender, smtpSealContext, type TSmtpConfig } from './smtp-sender.ts';
