import type { TSensorPeriod, TSensorPlace } from '@masthub/shared';
import type { TMountRow } from './register.repository.ts';

export interface THistory {
  /** Newest first. */
  periods: TSensorPeriod[];
  /** Periods on sites the caller cannot see (counted after merging, like the shown ones). */
  hiddenCount: number;
  /** Mounted now on a site the caller cannot see. */
  hiddenNow: boolean;
}

/** The place of a sensor in one configuration: its channels there (the first one's height, boom, tag). */
export function placeOf(rows: readonly TMountRow[]): TSensorPlace {
  const first = rows[0]!;
  return {
    stationId: Number(first.station_id),
    stationCode: first.station_code,
    projectName: first.project_name,
    heightM: first.height_m,
    boomOrientationDeg: first.boom_orientation_deg,
    tag: first.tag,
    channelNames: rows.map((r) => r.channel_name),
    dataKeys: rows.map((r) => r.data_key),
  };
}

const samePlace = (a: TSensorPlace, b: TSensorPlace) =>
  a.stationId === b.stationId &&
  a.heightM === b.heightM &&
  a.boomOrientationDeg === b.boomOrientationDeg &&
  a.tag === b.tag &&
  a.channelNames.join('\n') === b.channelNames.join('\n') &&
  a.dataKeys.join('\n') === b.dataKeys.join('\n');

/**
 * A sensor's periods from the channels naming it (ordered by site, date, position): one period per
 * configuration, from its date to the site's next configuration's; back-to-back periods on the same site
 * in the same place (height, boom, tag, channels) are one. A period is "now" when `now` falls in it.
 */
export function sensorHistory(rows: readonly TMountRow[], now: Date): THistory {
  const byConfig = new Map<number, TMountRow[]>();
  for (const row of rows) {
    const id = Number(row.config_id);
    const list = byConfig.get(id) ?? [];
    list.push(row);
    byConfig.set(id, list);
  }
  type TOpen = TSensorPeriod & { visible: boolean; toTime: number | null };
  const merged: TOpen[] = [];
  for (const [configId, list] of byConfig) {
    const first = list[0]!;
    const place = placeOf(list);
    const previous = merged.at(-1);
    if (previous && previous.toTime === first.effective_from.getTime() && samePlace(previous, place)) {
      previous.configIds.push(configId);
      previous.to = first.effective_to?.toISOString() ?? null;
      previous.toTime = first.effective_to?.getTime() ?? null;
      continue;
    }
    merged.push({
      ...place,
      configIds: [configId],
      from: first.effective_from.toISOString(),
      to: first.effective_to?.toISOString() ?? null,
      isNow: false,
      visible: first.visible,
      toTime: first.effective_to?.getTime() ?? null,
    });
  }
  const t = now.getTime();
  const periods: TSensorPeriod[] = [];
  let hiddenCount = 0;
  let hiddenNow = false;
  for (const { visible, toTime, ...period } of merged) {
    period.isNow = Date.parse(period.from) <= t && (toTime === null || toTime > t);
    if (visible) periods.push(period);
    else {
      hiddenCount += 1;
      hiddenNow ||= period.isNow;
    }
  }
  periods.sort((a, b) => b.from.localeCompare(a.from) || a.stationCode.localeCompare(b.stationCode));
  return { periods, hiddenCount, hiddenNow };
}
