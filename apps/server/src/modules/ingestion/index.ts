/** The public face of the ingestion module: all that other modules, server.ts and the seed import of it. */

export { applyParsedFile, StoreRefusal } from './apply-parsed.ts';
export type {
  TDataArrivedEvent,
  TDataArrivedListener,
  TFileFailedEvent,
  TFileHeldEvent,
} from './data-arrived.ts';
export { IngestionApi, reasonOf } from './ingestion.api.ts';
export { ingestionRoutes, receiveFiles } from './ingestion.routes.ts';
export { IngestionService } from './ingestion.service.ts';
export type { TIngestion, TIngestResult } from './ingestion.types.ts';
export { createParserPort, parserInfo } from './parser-binding.ts';
export type { TParserPort } from './parser-port.ts';
export { fileExtension } from './parsers/classify-file.ts';
export { readTextReportHead } from './parsers/text-report.ts';
export { UnreadableFileError } from './parsers/unreadable-file-error.ts';
export type { TRawFileRow } from './raw-files.repository.ts';
