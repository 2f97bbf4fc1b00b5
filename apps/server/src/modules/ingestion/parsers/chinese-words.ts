import { createRequire } from 'node:module';
import type { TChannelElement, TStatistic } from '@masthub/shared';

/**
 * The Chinese words the logger-file parsers recognise in column headers and time stamps. They are a
 * recognition vocabulary, not messages: each is matched as written, has no English twin to keep in step
 * (the English words sit beside the code that matches them) and is never shown, so it lives in a data
 * file read once (chinese-words.json) rather than in the message catalogue; the patterns that match them
 * (STAMP_RE, HEIGHT_RE, the unit aliases, TIME_WORD_RE) are built from it.
 */
export const CHINESE_WORDS = createRequire(import.meta.url)('./chinese-words.json') as {
  /** Element by word, first match wins (垂直风速 before 风速). */
  elements: [TChannelElement | 'ignore', string[]][];
  /** Statistic and its key by word, first match wins. */
  statistics: [TStatistic, string, string][];
  /** The marks of a Chinese date and time, 2024年1月2日 3时04分. */
  dateMarks: { year: string; month: string; day: string; hour: string; minute: string };
  /** The height unit after a number, 80米. */
  heightUnit: string;
  /** Unit words: metres per second, degrees. */
  unitWords: { speed: string; degree: string };
  /** Header words of a time-stamp column. */
  timeWords: string[];
};
