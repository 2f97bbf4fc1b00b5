import {
  type TLongTermConvergence,
  type TLongTermDefaultRequestInput,
  ZLongTermDefaultRequest,
} from '@masthub/shared';
import type { LongTermConvergenceService } from './longterm-convergence.service.ts';

/** China Standard Time, the clock of the demo masts' months. */
const SEED_UTC_OFFSET_MINUTES = 480;

/**
 * For the seed (and any caller acting as the system): saves a site's default reference and method with no
 * user — the target and reference resolved as the nightly job resolves them (existence, channels; no data
 * permission) — and computes its convergence at once. Input as PUT /data-process/longterm/default takes it
 * (`period`, `coverage`, `sectors`, `longTermPeriod` have the same defaults). Throws an AppError for an
 * unknown version, channel or reference; a default whose data is too short is saved and reads "too short".
 *
 * @example await setSiteDefault(services.longTermConvergence, { stationId, versionId, speedChannelId,
 *   reference: { kind: 'mesoscale', datasetId, speedKey: 'ws_100_mean' }, method: 'ols', period: '1D' })
 */
export function setSiteDefault(
  convergence: LongTermConvergenceService,
  input: TLongTermDefaultRequestInput,
  options: { utcOffsetMinutes?: number } = {},
): Promise<TLongTermConvergence> {
  return convergence.setDefaultWithoutCaller(
    ZLongTermDefaultRequest.parse(input),
    options.utcOffsetMinutes ?? SEED_UTC_OFFSET_MINUTES,
  );
}

/** Recomputes the stored convergence of a site with a default now; false when the site has none. */
export function refreshConvergence(
  convergence: LongTermConvergenceService,
  stationId: number,
): Promise<boolean> {
  return convergence.recompute(stationId);
}
