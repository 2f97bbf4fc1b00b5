import type { Channel, FlagCode, NumericSeries } from '../model/types.ts';
import type { FlagChange } from '../qc/flag-change.ts';
import { flagChangeFor } from '../qc/flag-change-for.ts';
import { invalidMarkerMask } from './invalid-marker-mask.ts';
import { LIDAR_FILTER_DEFAULTS } from './lidar-filter-defaults.ts';
import { lowAvailabilityMask } from './low-availability-mask.ts';
import { lowCnrMask } from './low-cnr-mask.ts';
import { lowQualityMask } from './low-quality-mask.ts';

/** The signal and quality channels of one height of a lidar or sodar, on the targets' grid. */
export interface LidarSignals {
  /** Data availability (WindCube %, Nacelle CSV fraction) or a packet share. */
  readonly availability?: NumericSeries;
  readonly cnrDb?: NumericSeries;
  /** Quality factor (Triton), % or fraction. */
  readonly quality?: NumericSeries;
}

/** Thresholds of {@link checkLidarFilters}; availability and CNR default, quality only when given. */
export interface LidarFilterOptions {
  /** Percentage or fraction (80 or 0.8); default 80 %. */
  readonly availabilityMin?: number;
  readonly availabilityScale?: 'percent' | 'fraction';
  /** Default −22 dB. */
  readonly cnrMinDb?: number;
  /** Percentage or fraction; the quality filter runs only with a threshold. */
  readonly qualityMin?: number;
  /** Values of the targets that mean "invalid" (99.99, 9999…). */
  readonly invalidMarkers?: readonly number[];
  /** Default invalid (3). */
  readonly flag?: FlagCode;
}

/** The filters in the order a slot is judged: the first that fails names the flag change. */
const FILTERS = ['lidar_marker', 'lidar_availability', 'lidar_cnr', 'lidar_quality'] as const;

/**
 * The lidar/sodar filters of one height as flag changes on its wind channels (issue 31) — flags, never
 * deletions: a slot whose availability is below the threshold (0 % always), whose CNR is below the
 * threshold, whose quality factor is below a given threshold, or whose own value is an invalid marker
 * is flagged invalid on every target channel (speed, direction, vertical speed…); a missing value needs
 * no flag. Each change names
 * its filter and channel (`lidar_availability:ws_80_mean`); a slot already as strongly flagged gets none.
 *
 * @example checkLidarFilters([speed80], { availability: avail80, cnrDb: cnr80 }) // FlagChange[]
 */
export function checkLidarFilters(
  targets: readonly Channel[],
  signals: LidarSignals,
  options: LidarFilterOptions = {},
): FlagChange[] {
  const flag = options.flag ?? LIDAR_FILTER_DEFAULTS.flag;
  const shared: (Uint8Array | null)[] = [
    null,
    signals.availability
      ? lowAvailabilityMask(signals.availability, {
          ...(options.availabilityMin !== undefined ? { threshold: options.availabilityMin } : {}),
          ...(options.availabilityScale ? { scale: options.availabilityScale } : {}),
        })
      : null,
    signals.cnrDb ? lowCnrMask(signals.cnrDb, options.cnrMinDb) : null,
    signals.quality && options.qualityMin !== undefined
      ? lowQualityMask(signals.quality, options.qualityMin)
      : null,
  ];
  const changes: FlagChange[] = [];
  for (const channel of targets) {
    const n = channel.values.length;
    for (const mask of shared) {
      if (mask && mask.length !== n)
        throw new Error('checkLidarFilters requires signals on the targets’ grid');
    }
    const masks = [...shared];
    masks[0] = options.invalidMarkers ? invalidMarkerMask(channel.values, options.invalidMarkers) : null;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(channel.values[i]!)) continue;
      for (let f = 0; f < FILTERS.length; f++) {
        if (masks[f]?.[i] !== 1) continue;
        const change = flagChangeFor(channel.id, channel.flags, i, flag, `${FILTERS[f]}:${channel.id}`);
        if (change) changes.push(change);
        break;
      }
    }
  }
  return changes;
}
