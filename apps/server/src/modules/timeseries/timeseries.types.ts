import type { TEncodedChunk } from './chunk.ts';

// The rows of the time-series store as its repositories hand them out, and their mapping from SQL rows.

export interface TVersionRow {
  id: number;
  stationId: number;
  name: string;
  kind: 'original' | 'working';
  isViewOnly: boolean;
  sourceVersionId: number | null;
  createdAt: Date;
}

export interface TChannelRow {
  id: number;
  versionId: number;
  dataKey: string;
  name: string;
  element: string;
  heightM: number | null;
  statistic: string;
  unit: string;
  /** The file's unit when values were converted into `unit` on import; '' otherwise. */
  sourceUnit: string;
  intervalS: number;
  position: number;
}

export interface TChannelInsert {
  dataKey: string;
  name: string;
  element: string;
  heightM: number | null;
  statistic: string;
  unit: string;
  sourceUnit?: string;
  intervalS: number;
  position: number;
}

export interface TChunkWrite extends TEncodedChunk {
  channelId: number;
  monthStartMs: number;
  intervalS: number;
}

/** One channel's values over a time range, on its dense grid from `startMs`. */
export interface TChannelSeries {
  channelId: number;
  intervalS: number;
  /** Time of values[0] (UTC ms, period start); values[k] is at startMs + k · intervalS · 1000. */
  startMs: number;
  values: Float32Array;
  flags: Uint8Array;
}

export interface TVersionSummary {
  versionId: number;
  firstTime: Date | null;
  lastTime: Date | null;
  channelCount: number;
  chunkCount: number;
  valueCount: number;
}

/** A key of pg_advisory_xact_lock's two-integer form reserved for version writes. */
export const VERSION_LOCK_CLASS = 74_521_106;

export function chunkKey(channelId: number, monthStartMs: number): string {
  return `${channelId}:${monthStartMs}`;
}

export function toVersion(row: {
  id: number;
  station_id: number;
  name: string;
  kind: 'original' | 'working';
  is_view_only: boolean;
  source_version_id: number | null;
  created_at: Date;
}): TVersionRow {
  return {
    id: row.id,
    stationId: row.station_id,
    name: row.name,
    kind: row.kind,
    isViewOnly: row.is_view_only,
    sourceVersionId: row.source_version_id,
    createdAt: row.created_at,
  };
}

export function toChannel(row: {
  id: number;
  version_id: number;
  data_key: string;
  name: string;
  element: string;
  height_m: number | null;
  statistic: string;
  unit: string;
  source_unit: string;
  interval_s: number;
  position: number;
}): TChannelRow {
  return {
    id: row.id,
    versionId: row.version_id,
    dataKey: row.data_key,
    name: row.name,
    element: row.element,
    heightM: row.height_m,
    statistic: row.statistic,
    unit: row.unit,
    sourceUnit: row.source_unit,
    intervalS: row.interval_s,
    position: row.position,
  };
}
