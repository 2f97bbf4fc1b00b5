import type { TStationOption } from '@masthub/shared';

/**
 * The picker's sites: the options the caller may see plus the role's current sites (which may fall
 * outside the option limit), once each, sorted by site code; keys are strings for antd Transfer.
 */
export function mergeStationOptions(
  options: readonly TStationOption[],
  current: readonly TStationOption[],
): (TStationOption & { key: string })[] {
  const byId = new Map<number, TStationOption>();
  for (const station of [...current, ...options]) byId.set(station.id, station);
  return [...byId.values()]
    .sort((a, b) => a.stationCode.localeCompare(b.stationCode))
    .map((station) => ({ ...station, key: String(station.id) }));
}

/** Search by site code or project name, case-insensitively. */
export function stationMatches(
  station: Pick<TStationOption, 'stationCode' | 'projectName'>,
  text: string,
): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return (
    station.stationCode.toLowerCase().includes(needle) || station.projectName.toLowerCase().includes(needle)
  );
}
