import type { TParseRule, TRecognition, TRecognizedChannel } from '@masthub/shared';

/** One parsed value column. */
export interface TParsedColumn {
  channel: TRecognizedChannel;
  /** One value per row of `timesMs`; NaN = missing. */
  values: Float32Array;
}

/** A parsed logger file: row times (UTC ms, period start) and the value columns. */
export interface TParsedData {
  timesMs: Float64Array;
  columns: TParsedColumn[];
  /** Stamps of rows dropped as repeats of an earlier row's stamp (counted as rows by the grid note). */
  repeatedTimesMs?: Float64Array;
  /** Stamps moved onto the grid from a few seconds off it (clock jitter), and how far that may be (s). */
  snappedStamps?: number;
  snapToleranceS?: number;
}

/**
 * What ingestion needs of the parsers (apps/server/src/modules/ingestion/parsers, issue 5 part A).
 * Bad content throws UnreadableFileError; nothing else is expected to throw.
 */
export interface TParserPort {
  classifyFile(fileName: string, bytes: Uint8Array): 'text' | 'spreadsheet' | 'store_only';
  /** `checkValues: false`: the time axis alone, no value doubts (ingestion checks what it parses). */
  recognize(fileName: string, bytes: Uint8Array, options?: { checkValues?: boolean }): TRecognition;
  parseFile(
    fileName: string,
    bytes: Uint8Array,
    rule: TParseRule,
    channels: readonly TRecognizedChannel[],
  ): TParsedData;
}

/** Reference lists and helpers of the parsers served by the parsing calls. */
export interface TParserInfo {
  dateFormats: readonly string[];
  charsets: readonly unknown[];
  heightStatistics(channelName: string): unknown;
}
