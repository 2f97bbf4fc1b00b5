// Runs in a worker thread of the compute pool (platform/compute): the CPU-heavy part of the
// statistics — the analysis of the loaded series and its xlsx workbook — off the API's event loop.
import { AppError, type Language, type TStatisticsResult } from '@masthub/shared';
import { deriveSdFromTi } from '../version-series.ts';
import { buildAnalysis, type TAnalysisInput } from './build-analysis.ts';
import { buildStatisticsWorkbook } from './build-workbook.ts';

export type TStatisticsTask =
  | { kind: 'analysis'; input: TAnalysisInput }
  | { kind: 'workbook'; result: TStatisticsResult; language: Language }
  /** For the fault tests: a thread that dies under its task. */
  | { kind: 'crash' };

/** An AppError crosses the thread boundary as data (a thrown class would arrive as a plain Error). */
export type TStatisticsReply =
  | { ok: true; value: unknown }
  | { ok: false; code: AppError['code']; details: Record<string, unknown>; fields: AppError['fields'] };

export default async function run(task: TStatisticsTask): Promise<TStatisticsReply> {
  try {
    switch (task.kind) {
      case 'analysis':
        return {
          ok: true,
          value: buildAnalysis({ ...task.input, loaded: deriveSdFromTi(task.input.loaded) }),
        };
      case 'workbook': {
        const content = await buildStatisticsWorkbook(task.result, task.language);
        return { ok: true, value: new Uint8Array(content.buffer, content.byteOffset, content.byteLength) };
      }
      case 'crash':
        process.exit(70);
    }
  } catch (error) {
    if (error instanceof AppError) {
      return { ok: false, code: error.code, details: error.details, fields: error.fields };
    }
    throw error;
  }
}
