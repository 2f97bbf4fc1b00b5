import {
  type ReceiptChannel,
  type ReceiptElement,
  type ReceiptOutput,
  type ReceiptWindow,
  receiptChecks,
} from '@masthub/wind';
import type { Database } from '../../platform/db/database.ts';
import { openTimeSeriesStore, type TChannelRow, type TTimeSeriesStore } from '../timeseries/index.ts';

/** The days before a file the receipt judges it against (WIND-ANALYSIS §15). */
export const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;

/** What the receipt of one file reads and checks (plain data: it crosses into a compute thread). */
export interface TReceiptJob {
  /** The site's original version and the channels of the file's interval. */
  versionId: number;
  channels: { row: TChannelRow; receipt: ReceiptChannel }[];
  /** The file's period [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  site?: { latDeg: number; lonDeg: number } | undefined;
  intervalMinutes: number;
  /**
   * The logger's programmed slope/offset of the channels whose sensor has a calibration certificate that
   * disagrees (issue 44 §2): judged by the declared-calibration check against the certificate.
   */
  declaredCalibrations?: {
    channel: string;
    slope: number;
    offset: number;
    fromMs: number;
    toMs: number;
    slopeTolerance: number;
    offsetTolerance: number;
  }[];
}

/** The receipt's element of a stored channel (solar radiation is stored as `ghi`). */
export function receiptElementOf(element: string): ReceiptElement {
  if (element === 'ghi') return 'G';
  return (['ws', 'wd', 'T', 'RH', 'p'] as const).find((e) => e === element) ?? 'other';
}

/** The receipt's statistic of a stored channel (`mean` is stored for averages); undefined for sums and counts. */
export function receiptStatisticOf(statistic: string): ReceiptChannel['statistic'] | 'none' {
  if (statistic === 'mean' || statistic === 'avg') return 'avg';
  if (statistic === 'sd' || statistic === 'max' || statistic === 'min') return statistic;
  return 'none';
}

/** What the channel configuration in force says about a stored channel, as far as the receipt reads it. */
export interface TReceiptChannelMetadata {
  boomOrientationDeg: number | null;
  calibrationSlope: number | null;
  calibrationOffset: number | null;
  sensorKind: string;
}

/** A stored channel as the receipt's checks see it: its element, height and statistic, and its configuration. */
export function receiptChannelOf(
  row: Pick<TChannelRow, 'dataKey' | 'element' | 'heightM' | 'statistic'>,
  meta: TReceiptChannelMetadata | undefined,
): ReceiptChannel {
  const statistic = receiptStatisticOf(row.statistic);
  return {
    id: row.dataKey,
    element: receiptElementOf(row.element),
    heightM: row.heightM ?? undefined,
    boomDeg: meta?.boomOrientationDeg ?? undefined,
    statistic: statistic === 'none' ? undefined : statistic,
    slope: meta?.calibrationSlope ?? undefined,
    offset: meta?.calibrationOffset ?? undefined,
    sensorKind: meta?.sensorKind || undefined,
  };
}

/**
 * The version's values of `rows` over [fromMs, toMs) as a receipt window: only the grid slots holding a
 * value in some channel are records (so gaps are gaps), channels keyed by data key.
 */
async function readWindow(
  store: TTimeSeriesStore,
  rows: readonly TChannelRow[],
  fromMs: number,
  toMs: number,
): Promise<ReceiptWindow> {
  if (rows.length === 0 || !(toMs > fromMs)) return { timesMs: new Float64Array(0), channels: {} };
  const read = await store.readChannels(rows, fromMs, toMs);
  const stepMs = rows[0]!.intervalS * 1000;
  const series = rows.map((r) => read.series.get(r.id)!.values);
  const keep: number[] = [];
  for (let i = 0; i < read.length; i++) {
    if (series.some((v) => !Number.isNaN(v[i]!))) keep.push(i);
  }
  const channels: Record<string, Float64Array> = {};
  for (const [k, row] of rows.entries()) {
    const v = series[k]!;
    channels[row.dataKey] = Float64Array.from(keep, (i) => v[i]!);
  }
  return { timesMs: Float64Array.from(keep, (i) => read.startMs + i * stepMs), channels };
}

/**
 * Reads the file's period of the original version and the 30 days before it, and runs every check of
 * WIND-ANALYSIS §15 (packages/wind `receiptChecks`) on the channels holding a value in the file. Runs in
 * a compute thread (its own connection) or, without threads, on the event loop.
 */
export async function runReceipt(db: Database, job: TReceiptJob): Promise<ReceiptOutput> {
  const store = openTimeSeriesStore(db);
  const rows = job.channels.map((c) => c.row);
  const file = await readWindow(store, rows, job.fromMs, job.toMs);
  const present = job.channels.filter((c) => {
    const v = file.channels[c.row.dataKey];
    return v?.some((x) => !Number.isNaN(x)) ?? false;
  });
  const history = await readWindow(
    store,
    present.map((c) => c.row),
    job.fromMs - HISTORY_DAYS * DAY_MS,
    job.fromMs,
  );
  return receiptChecks({
    file,
    history: history.timesMs.length > 0 ? history : undefined,
    channels: present.map((c) => c.receipt),
    site: job.site,
    intervalMinutes: job.intervalMinutes,
    declaredCalibrations: job.declaredCalibrations,
  });
}
