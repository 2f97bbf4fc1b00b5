import type { TChannelRow } from '../src/modules/timeseries/timeseries.types.ts';

/**
 * A channel row for unit tests: of version 1, 10-minute, without units, named by its data key, its position
 * its id; `fields` say what the test is about (and may override any of that).
 */
export function channelRow(
  id: number,
  fields: Pick<TChannelRow, 'dataKey' | 'element' | 'heightM' | 'statistic'> & Partial<TChannelRow>,
): TChannelRow {
  return {
    id,
    versionId: 1,
    name: fields.dataKey,
    unit: '',
    sourceUnit: '',
    intervalS: 600,
    position: id,
    ...fields,
  };
}
