import { RECONSTRUCT_ELEMENTS, type TReconstructRequest, type TReconstructSourceKind } from '@masthub/shared';
import type { Database } from '../../../platform/db/database.ts';
import { readMcpSeries, type TSeriesSource } from '../../reference-data/index.ts';
import {
  isMeanOf,
  loadSeries,
  lowestMeanOf,
  nearestVane,
  type TChannelRow,
  type TLoadedSeries,
  type TTimeSeriesStore,
} from '../../timeseries/index.ts';
import { ProcessingFailure } from '../tasks.service.ts';
import { channelMap, loadChannels, rangeOf } from './processing-support.ts';

/**
 * Where a gap reconstruction reads from (issue 45 §1): the target channels of a version and, for each,
 * its candidate sources on the target's grid — the redundant sensor (same element and height), other
 * heights of the same mast, the same element at the nearest visible neighbouring sites' original versions,
 * and stored reference series / the site's mesoscale datasets. Values flagged invalid (3) or icing (4) read
 * as missing, in targets and sources alike.
 *
 * Time base: MastHub stores every stamp in UTC (the logger's offset is applied at import), so a
 * neighbouring site's channel read over the target's [from, to) lands on the target's grid slot for slot,
 * whatever the sites' local time zones. An hourly (or coarser) reference is put on the 10-minute grid by
 * holding the hour's value for each slot inside it (the record's stamp is its start).
 */

/** The engine's element names (the stored barometer is `p`, the engine's `P`). */
export type TEngineElement = 'ws' | 'wd' | 'T' | 'P' | 'RH';
const ENGINE_ELEMENT: Record<string, TEngineElement> = { ws: 'ws', wd: 'wd', T: 'T', p: 'P', RH: 'RH' };

/** A neighbouring site the caller may view, resolved at submission (params carry it to the task). */
export interface TNeighbourSite {
  stationId: number;
  name: string;
  distanceKm: number;
}

/** A reference resolved at submission: a stored series or a mesoscale dataset of the site. */
export interface TReferenceEntry {
  kind: 'reference' | 'mesoscale';
  id: number;
  name: string;
  heightM: number | null;
  speedKey: string;
  directionKey: string | undefined;
  intervalMinutes: number;
}

export interface TInputSource {
  id: string;
  name: string;
  kind: TReconstructSourceKind;
  element: TEngineElement;
  heightM?: number;
  values: Float64Array;
  directionDeg?: Float64Array;
  temperatureC?: Float64Array;
}

export interface TInputTarget {
  channel: Pick<TChannelRow, 'id' | 'name' | 'element' | 'heightM' | 'intervalS'>;
  element: TEngineElement;
  /** As stored (slots flagged ≥ 3 are gaps the engine may fill; unfilled, they keep their values). */
  rawValues: Float64Array;
  /** Flagged ≥ 3 as NaN (missing counts). */
  values: Float64Array;
  flags: Uint8Array;
  sources: TInputSource[];
}

export interface TReconstructInput {
  startMs: number;
  length: number;
  intervalMinutes: number;
  fromMs: number;
  toMs: number;
  targets: TInputTarget[];
}

/** Values with flags ≥ 3 (invalid, icing) as NaN. */
export function masked(values: ArrayLike<number>, flags: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = flags[i]! >= 3 ? Number.NaN : values[i]!;
  return out;
}

function missingCount(values: Float64Array): number {
  let n = 0;
  for (const v of values) if (Number.isNaN(v)) n++;
  return n;
}

const isReconstructable = (c: TChannelRow) =>
  (RECONSTRUCT_ELEMENTS as readonly string[]).includes(c.element) && isMeanOf(c.element)(c);

/** The version's channels a request targets: the named ones, else every mean ws/wd/T/p/RH channel. */
export function targetChannels(all: readonly TChannelRow[], request: TReconstructRequest): TChannelRow[] {
  if (request.targetChannelIds && request.targetChannelIds.length > 0) {
    const byId = new Map(all.map((c) => [c.id, c]));
    return request.targetChannelIds.map((id) => {
      const c = byId.get(id);
      if (!c) throw new ProcessingFailure('channel_not_in_version', { channel: id });
      if (!isReconstructable(c)) {
        throw new ProcessingFailure('channel_mismatch', { channel: c.name, expected: 'ws/wd/T/p/RH avg' });
      }
      return c;
    });
  }
  return all.filter(isReconstructable);
}

/** The most common interval among channels (the grid a reconstruction works on). */
function commonInterval(channels: readonly TChannelRow[]): number {
  const counts = new Map<number, number>();
  for (const c of channels) counts.set(c.intervalS, (counts.get(c.intervalS) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
}

const heightOf = (c: TChannelRow) => c.heightM ?? 0;

/**
 * Loads the targets with gaps and every candidate source on their grid. Fails with no_data when nothing
 * is stored, reconstruct_no_gaps when no target misses a value.
 */
export async function discoverSources(
  db: Database,
  store: TTimeSeriesStore,
  versionId: number,
  request: TReconstructRequest,
  resolved: { neighbours: readonly TNeighbourSite[]; references: readonly TReferenceEntry[] },
): Promise<TReconstructInput> {
  const { all } = await channelMap(store, versionId);
  const chosen = targetChannels(all, request);
  if (chosen.length === 0) throw new ProcessingFailure('no_data');
  const intervalS = commonInterval(chosen);
  const targets = chosen.filter((c) => c.intervalS === intervalS);
  const range = await rangeOf(store, versionId, targets, request);
  const onGrid = all.filter((c) => c.intervalS === intervalS && isReconstructable(c));
  const loaded = await loadChannels(store, onGrid, range);
  const usable = new Map(loaded.channels.map((c) => [c.row.id, masked(c.values, c.flags)]));
  const kinds = new Set(request.sourceKinds);
  const withGaps = targets.filter((t) => missingCount(usable.get(t.id)!) > 0);
  if (withGaps.length === 0) throw new ProcessingFailure('reconstruct_no_gaps');
  const vaneOf = (c: TChannelRow) => {
    const vane = nearestVane(onGrid, c);
    return vane && vane.id !== c.id ? usable.get(vane.id) : undefined;
  };
  const thermometer = lowestMeanOf(onGrid, 'T', intervalS);
  const input: TReconstructInput = {
    startMs: loaded.grid.startMs,
    length: loaded.grid.length,
    intervalMinutes: loaded.grid.intervalMinutes,
    fromMs: range.fromMs,
    toMs: range.toMs,
    targets: withGaps.map((t) => {
      const stored = loaded.channels.find((c) => c.row.id === t.id)!;
      return {
        channel: { id: t.id, name: t.name, element: t.element, heightM: t.heightM, intervalS: t.intervalS },
        element: ENGINE_ELEMENT[t.element]!,
        rawValues: Float64Array.from(stored.values),
        values: usable.get(t.id)!,
        flags: stored.flags,
        sources: [],
      };
    }),
  };
  for (const target of input.targets) {
    for (const c of onGrid) {
      if (c.id === target.channel.id || c.element !== target.channel.element) continue;
      const kind = heightOf(c) === (target.channel.heightM ?? 0) ? 'redundant' : 'other_height';
      if (!kinds.has(kind)) continue;
      target.sources.push(
        sourceOf(c, kind, c.name, usable.get(c.id)!, {
          direction: c.element === 'ws' ? vaneOf(c) : undefined,
          temperature: c.element === 'p' && thermometer ? usable.get(thermometer.id) : undefined,
        }),
      );
    }
  }
  if (kinds.has('neighbour')) await addNeighbours(store, input, resolved.neighbours, range);
  if (kinds.has('reference')) await addReferences(db, input, resolved.references);
  return input;
}

function sourceOf(
  c: TChannelRow,
  kind: TReconstructSourceKind,
  name: string,
  values: Float64Array,
  extra: { direction?: Float64Array | undefined; temperature?: Float64Array | undefined },
): TInputSource {
  return {
    id: `${kind === 'neighbour' ? 'site' : 'ch'}:${c.id}`,
    name,
    kind,
    element: ENGINE_ELEMENT[c.element]!,
    ...(c.heightM !== null ? { heightM: c.heightM } : {}),
    values,
    ...(extra.direction ? { directionDeg: extra.direction } : {}),
    ...(extra.temperature ? { temperatureC: extra.temperature } : {}),
  };
}

/**
 * Each neighbouring site's original version: per target, the same element's mean channel at the height
 * nearest the target's (one per site), read over the target's range when its interval is the target's.
 */
async function addNeighbours(
  store: TTimeSeriesStore,
  input: TReconstructInput,
  neighbours: readonly TNeighbourSite[],
  range: { fromMs: number; toMs: number },
): Promise<void> {
  const intervalS = input.intervalMinutes * 60;
  for (const site of neighbours) {
    const version = await store.findOriginalVersion(site.stationId);
    if (!version) continue;
    const channels = (await store.listChannels(version.id)).filter(
      (c) => isReconstructable(c) && c.intervalS === intervalS,
    );
    const picks = new Map<number, TChannelRow>();
    for (const target of input.targets) {
      const pick = channels
        .filter((c) => c.element === target.channel.element)
        .sort(
          (a, b) =>
            Math.abs(heightOf(a) - (target.channel.heightM ?? 0)) -
              Math.abs(heightOf(b) - (target.channel.heightM ?? 0)) || a.position - b.position,
        )[0];
      if (pick) picks.set(target.channel.id, pick);
    }
    if (picks.size === 0) continue;
    const vanes = new Map<number, TChannelRow>();
    for (const c of picks.values()) {
      const vane = c.element === 'ws' ? nearestVane(channels, c) : undefined;
      if (vane) vanes.set(c.id, vane);
    }
    const toRead = [...new Map([...picks.values(), ...vanes.values()].map((c) => [c.id, c])).values()];
    const loaded: TLoadedSeries = await loadSeries(store, toRead, range.fromMs, range.toMs);
    if (loaded.grid.startMs !== input.startMs || loaded.grid.length !== input.length) continue;
    const usable = new Map(loaded.channels.map((c) => [c.row.id, masked(c.values, c.flags)]));
    for (const target of input.targets) {
      const pick = picks.get(target.channel.id);
      if (!pick) continue;
      const vane = vanes.get(pick.id);
      target.sources.push(
        sourceOf(pick, 'neighbour', `${site.name} · ${pick.name}`, usable.get(pick.id)!, {
          direction: vane ? usable.get(vane.id) : undefined,
        }),
      );
    }
  }
}

/**
 * Reference series and mesoscale datasets (speed and direction columns: they reconstruct ws and wd
 * targets), put on the target grid: coarser records held over each slot they cover, finer ones sampled.
 */
async function addReferences(
  db: Database,
  input: TReconstructInput,
  references: readonly TReferenceEntry[],
): Promise<void> {
  const stepMs = input.intervalMinutes * 60_000;
  for (const ref of references) {
    const source: TSeriesSource =
      ref.kind === 'reference'
        ? {
            kind: 'reference',
            referenceId: ref.id,
            speedKey: ref.speedKey,
            directionKey: ref.directionKey,
            intervalMinutes: ref.intervalMinutes,
          }
        : {
            kind: 'mesoscale',
            datasetId: ref.id,
            speedKey: ref.speedKey,
            directionKey: ref.directionKey,
            intervalMinutes: ref.intervalMinutes,
          };
    const series = await readMcpSeries(db, source, false);
    const refStepMs = series.intervalMinutes * 60_000;
    const place = (values: ArrayLike<number>) => {
      const out = new Float64Array(input.length).fill(Number.NaN);
      for (let i = 0; i < input.length; i++) {
        const k = Math.floor((input.startMs + i * stepMs - series.startMs) / refStepMs);
        if (k >= 0 && k < values.length) out[i] = values[k]!;
      }
      return out;
    };
    const speed = place(series.speedMps);
    const direction = series.directionDeg ? place(series.directionDeg) : undefined;
    for (const target of input.targets) {
      const id = `${ref.kind}:${ref.id}`;
      const common = { id, name: ref.name, kind: 'reference' as const };
      if (target.element === 'ws') {
        target.sources.push({
          ...common,
          element: 'ws',
          ...(ref.heightM !== null ? { heightM: ref.heightM } : {}),
          values: speed,
          ...(direction ? { directionDeg: direction } : {}),
        });
      } else if (target.element === 'wd' && direction) {
        target.sources.push({ ...common, element: 'wd', values: direction });
      }
    }
  }
}
