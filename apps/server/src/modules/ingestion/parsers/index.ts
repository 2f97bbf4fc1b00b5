// The pure file-recognition and parsing engine of issue 5 (STYLE.md §2: logger-file parsers are pure
// functions): no database, no network. The ingestion service calls these.
export type {
  TFieldDelimiter,
  TFileKind,
  TParseRule,
  TRecognition,
  TRecognizedChannel,
  TStatistic,
} from '@masthub/shared';
export { heightStatistics, parseChannelName } from './channel-names.ts';
export { classifyFile } from './classify-file.ts';
export { openDoubts } from './confirm-doubts.ts';
export { CHARSETS, detectEncoding } from './decode-text.ts';
export { stampDoubts, valueDoubts } from './doubts.ts';
export { parseFile, type TParsedFile } from './parse-file.ts';
export { recognize } from './recognize.ts';
export { DATE_FORMATS } from './time-formats.ts';
export { UnreadableFileError } from './unreadable-file-error.ts';
export { windFromComponents } from './wind-components.ts';
