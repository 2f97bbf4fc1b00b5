import { DEFAULT_ARCHIVE_LIMITS, type TArchiveLimits } from '../../platform/files/archive-limits.ts';
import type { TParserInfo, TParserPort } from './parser-port.ts';
import {
  CHARSETS,
  classifyFile,
  DATE_FORMATS,
  heightStatistics,
  parseFile,
  recognize,
  windFromComponents,
} from './parsers/index.ts';
import { conversionOf, convertToStoredUnits, storedChannel } from './parsers/units.ts';

/**
 * The parsers of issue 5 part A behind the port ingestion uses. Values leave it in MastHub's units
 * (m/s, °C, hPa): a file in mph, knots, °F, K or kPa is converted here, once, and its channels keep the
 * file's unit as `sourceUnit` — never are mph analysed with m/s thresholds (issue 12). Spreadsheets are
 * opened under the configured archive limits (issue 26).
 */
export function createParserPort(options: { archiveLimits: TArchiveLimits }): TParserPort {
  const spreadsheet = { archiveLimits: options.archiveLimits };
  return {
    classifyFile,
    recognize: (fileName, bytes, options = {}) => {
      const recognition = recognize(bytes, fileName, { ...spreadsheet, ...options });
      const converted = [...new Set(recognition.channels.filter((c) => conversionOf(c)).map((c) => c.unit))];
      const warnings = recognition.warnings.filter((w) => !w.startsWith('unitNotSi:'));
      if (converted.length > 0) warnings.push(`unitNotSi:${converted.join(', ')}`);
      return { ...recognition, channels: recognition.channels.map(storedChannel), warnings };
    },
    parseFile: (fileName, bytes, rule, channels) => {
      const parsed = parseFile(
        bytes,
        fileName,
        rule,
        channels.length > 0 ? [...channels] : undefined,
        spreadsheet,
      );
      // ERA5-style u/v components become speed and direction columns (parsers/wind-components.ts).
      return {
        ...parsed,
        columns: windFromComponents(parsed.columns).map((column) => ({
          ...column,
          channel: convertToStoredUnits(column.channel, column.values),
        })),
      };
    },
  };
}

/** The parsers with the default archive limits (tests, benchmarks, tools without a configuration). */
export const parserPort: TParserPort = createParserPort({ archiveLimits: DEFAULT_ARCHIVE_LIMITS });

export const parserInfo: TParserInfo = {
  dateFormats: DATE_FORMATS,
  charsets: CHARSETS,
  heightStatistics,
};
