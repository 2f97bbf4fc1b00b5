import { AppError } from '@masthub/shared';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { TTimeSeriesStore } from '../../timeseries/index.ts';
import { writeDerived } from './processing-support.ts';

/** A channel of the site the long-term series stands for. */
interface TMeasuredChannel {
  name: string;
  heightM: number | null;
}

/** What {@link writeLongTermVersion} writes: a speed and (optionally) a direction series on one grid. */
export interface TLongTermVersionInput {
  stationId: number;
  name: string;
  sourceVersionId: number;
  /** The lineage step: its name (`mesoscale_scale`, `longterm_mcp`) and its parameters. */
  step: string;
  params: Record<string, unknown>;
  speedChannel: TMeasuredChannel;
  /** The site's vane the direction stands for (absent: named by the speed's height). */
  directionChannel: TMeasuredChannel | undefined;
  intervalMinutes: number;
  startMs: number;
  speedMps: ArrayLike<number>;
  /** Absent: a speed-only version. */
  directionDeg: ArrayLike<number> | undefined;
}

/**
 * A long-term series as a new working version of the site (the wind source assessment's scaling and the
 * long-term workbench write theirs alike): the version with its lineage step, a `… (LT)` speed channel at
 * the measured height and, when given, the direction beside it, the values flagged as written by
 * processing, and the version summary refreshed. Runs in the caller's transaction; a taken name is
 * VERSION_NAME_TAKEN. Returns the new version's id.
 */
export async function writeLongTermVersion(
  store: TTimeSeriesStore,
  user: TAuthUser,
  input: TLongTermVersionInput,
): Promise<number> {
  const version = await store
    .insertVersion({
      stationId: input.stationId,
      name: input.name,
      sourceVersionId: input.sourceVersionId,
      lineage: [
        {
          step: input.step,
          sourceVersionId: input.sourceVersionId,
          params: input.params,
          userName: user.userName,
          time: new Date().toISOString(),
        },
      ],
      createdBy: user.id,
      creatorName: user.userName,
    })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505')
        throw new AppError('VERSION_NAME_TAKEN', { name: input.name });
      throw error;
    });
  const intervalS = input.intervalMinutes * 60;
  const { speedChannel: speed, directionChannel: vane } = input;
  const height = speed.heightM;
  const inserts = [
    {
      dataKey: `ws_${height ?? 0}_lt_mean`,
      name: `${speed.name} (LT)`,
      element: 'ws',
      heightM: height,
      statistic: 'mean',
      unit: 'm/s',
      intervalS,
      position: 1,
    },
  ];
  if (input.directionDeg) {
    inserts.push({
      dataKey: `wd_${vane?.heightM ?? height ?? 0}_lt_mean`,
      name: vane ? `${vane.name} (LT)` : `WD ${height ?? ''}m (LT)`,
      element: 'wd',
      heightM: vane?.heightM ?? height,
      statistic: 'mean',
      unit: 'deg',
      intervalS,
      position: 2,
    });
  }
  const [speedRow, directionRow] = await store.insertChannels(version.id, inserts);
  await writeDerived(store, version.id, speedRow!, input.startMs, input.speedMps);
  if (directionRow && input.directionDeg)
    await writeDerived(store, version.id, directionRow, input.startMs, input.directionDeg);
  // The version list shows the data range from the summary, as after any import or processing.
  await store.refreshSummary(version.id);
  return version.id;
}
