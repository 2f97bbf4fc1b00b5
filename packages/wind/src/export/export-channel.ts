import type { FlagSeries, NumericSeries } from '../model/types.ts';

/** A column of a time-series export: canonical name (e.g. `WS_80m_N_Avg`), values and optional flags. */
export interface ExportChannel {
  /** Canonical ASCII name with element, height + "m" and statistic (EXPORTS §2). */
  readonly name: string;
  readonly values: NumericSeries;
  readonly flags?: FlagSeries;
}
