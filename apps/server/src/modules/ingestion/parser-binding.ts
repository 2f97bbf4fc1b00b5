import type { TParserInfo, TParserPort } from './parser-port.ts';
import {
  CHARSETS,
  classifyFile,
  DATE_FORMATS,
  heightStatistics,
  parseFile,
  recognize,
} from './parsers/index.ts';

/** The parsers of issue 5 part A behind the port ingestion uses. */
export const parserPort: TParserPort = {
  classifyFile,
  recognize: (fileName, bytes) => recognize(bytes, fileName),
  parseFile: (fileName, bytes, rule, channels) =>
    parseFile(bytes, fileName, rule, channels.length > 0 ? [...channels] : undefined),
};

export const parserInfo: TParserInfo = {
  dateFormats: DATE_FORMATS,
  charsets: CHARSETS,
  heightStatistics,
};
