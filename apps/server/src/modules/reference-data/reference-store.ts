import { Readable } from 'node:stream';
import { AppError, type TReferenceSourceKey } from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import { lockContent } from '../../platform/files/content-references.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import { toBytes } from './reference-columns.ts';
import { ReferencesRepository } from './references.repository.ts';

/** One value column of a reference (speed, direction, temperature, pressure). */
export interface TReferenceColumnInput {
  /** Stable key, e.g. 'ws_50_mean'. */
  key: string;
  name: string;
  /** 'ws' | 'wd' | 'T' | 'p'. */
  element: string;
  heightM: number | null;
  unit: string;
  /** One value per stamp; NaN = missing. */
  values: Float32Array;
}

/** A reference series to store, already read into columns. */
export interface TCreateReferenceInput {
  /** The home site: whoever may view it sees the reference. */
  stationId: number;
  name: string;
  source: TReferenceSourceKey;
  latitude: number;
  longitude: number;
  /** Height of the wind, m; default the speed column's own height. */
  heightM?: number | undefined;
  /** The time zone the file's stamps were written in (the stamps below are UTC already). */
  utcOffsetMinutes?: number;
  intervalMinutes: number;
  /** UTC ms, period starts, ascending. */
  timesMs: Float64Array;
  columns: readonly TReferenceColumnInput[];
  /** The file as uploaded, stored unchanged; omitted (the seed), a CSV of the columns is written and stored. */
  file?: { fileName: string; content: Buffer } | undefined;
  uploader?: { id: number; userName: string } | null;
}

/** The speed column a workbench uses by default (the highest) and the vane nearest to it. */
export function defaultReferenceKeys(
  channels: readonly { key: string; element: string; heightM: number | null }[],
): { speedKey: string; directionKey: string | null } {
  const speeds = channels.filter((c) => c.element === 'ws');
  const speed = speeds.reduce<(typeof speeds)[number] | undefined>(
    (best, c) => (best === undefined || (c.heightM ?? 0) > (best.heightM ?? 0) ? c : best),
    undefined,
  );
  const vanes = channels.filter((c) => c.element === 'wd');
  const gap = (h: number | null) => Math.abs((h ?? 0) - (speed?.heightM ?? 0));
  const vane = vanes.reduce<(typeof vanes)[number] | undefined>(
    (best, c) => (best === undefined || gap(c.heightM) < gap(best.heightM) ? c : best),
    undefined,
  );
  return { speedKey: speed?.key ?? '', directionKey: vane?.key ?? null };
}

/** A CSV of the columns in the MERRA-2 layout (`DateTime,<name>,…`): the stored file of a generated series. */
export function referenceCsvOf(timesMs: Float64Array, columns: readonly TReferenceColumnInput[]): Buffer {
  const lines = [['DateTime', ...columns.map((c) => c.name.replaceAll(',', ' '))].join(',')];
  for (let i = 0; i < timesMs.length; i++) {
    const stamp = new Date(timesMs[i]!).toISOString().slice(0, 19).replace('T', ' ');
    const cells = columns.map((c) =>
      Number.isNaN(c.values[i]!) ? '' : String(Math.round(c.values[i]! * 1000) / 1000),
    );
    lines.push([stamp, ...cells].join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * Stores a reference series: its file unchanged in the content-addressed store (SHA-256, under the
 * content lock) and its stamps and columns compactly (Float64/Float32), in one transaction — all or
 * nothing. The caller has checked who may (the upload route: `data.process` and edit of the home site);
 * the seed calls it directly for the demo masts' labelled synthetic references.
 *
 * @returns the new reference's id
 */
export async function createReferenceSeries(
  db: Database,
  files: TFileStore,
  input: TCreateReferenceInput,
): Promise<number> {
  const { speedKey } = defaultReferenceKeys(input.columns);
  if (!speedKey) throw new AppError('REFERENCE_NO_SPEED', { fileName: input.file?.fileName ?? input.name });
  const heightM = input.heightM ?? input.columns.find((c) => c.key === speedKey)?.heightM ?? undefined;
  if (heightM === undefined || !(heightM > 0)) {
    throw new AppError('VALIDATION_FAILED', {}, [{ field: 'heightM', message: 'v.required' }]);
  }
  const file = input.file ?? {
    fileName: `${input.name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80)}.csv`,
    content: referenceCsvOf(input.timesMs, input.columns),
  };
  const times = input.timesMs;
  return db.transaction().execute(async (trx) => {
    const staged = await files.stage(Readable.from([file.content]));
    await lockContent(trx, staged.sha256);
    await staged.commit();
    return new ReferencesRepository(trx).insert(
      {
        station_id: input.stationId,
        name: input.name,
        source: input.source,
        latitude: input.latitude,
        longitude: input.longitude,
        height_m: heightM,
        utc_offset_minutes: input.utcOffsetMinutes ?? 0,
        files: JSON.stringify([
          { fileName: file.fileName.slice(-255), sha256: staged.sha256, sizeBytes: staged.sizeBytes },
        ]),
        interval_minutes: input.intervalMinutes,
        first_time: times.length > 0 ? new Date(times[0]!) : null,
        last_time: times.length > 0 ? new Date(times[times.length - 1]!) : null,
        record_count: times.length,
        channels: JSON.stringify(input.columns.map(({ values: _v, ...c }) => c)),
        times: toBytes(times),
        uploader_id: input.uploader?.id ?? null,
        uploader_name: input.uploader?.userName ?? '',
      },
      input.columns.map((c) => ({ key: c.key, values: toBytes(c.values) })),
    );
  });
}
