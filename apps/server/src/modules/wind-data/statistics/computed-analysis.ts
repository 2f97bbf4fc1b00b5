import type { TStatisticsResult } from '@masthub/shared';
import { PreSerialized } from '../../../platform/http/pre-serialized.ts';
import type { TAnalysisText } from './analysis-run.ts';

/**
 * A finished analysis as the JSON the API answers with (written once, in the worker thread), and the
 * object parsed from it only when a caller in this process needs one (a report, the workbook without
 * the pool): the five-year, all-channel answer is ≈ 3 MB, answered as text again and again.
 */
export class ComputedAnalysis {
  private parsed: TStatisticsResult | undefined;

  readonly json: string;
  readonly head: TAnalysisText['head'];

  constructor(text: TAnalysisText) {
    this.json = text.json;
    this.head = text.head;
    this.answer = new PreSerialized(text.json);
  }

  /** The answer as the API sends it (its envelope bytes kept per language with the cached result). */
  readonly answer: PreSerialized;

  get value(): TStatisticsResult {
    this.parsed ??= JSON.parse(this.json) as TStatisticsResult;
    return this.parsed;
  }
}
