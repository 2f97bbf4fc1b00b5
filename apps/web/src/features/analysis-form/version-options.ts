import type { TDataReportFields, TDatasetVersion } from '@masthub/shared';
import type { TFunction } from 'i18next';

/**
 * The versions of a site as select options: the original version's stored name is Chinese, so it is
 * shown by its kind in the reader's language (statistics, energy yield, wind source assessment).
 */
export function versionOptions(
  versions: readonly Pick<TDatasetVersion, 'id' | 'kind' | 'name'>[] | undefined,
  t: TFunction,
): { value: number; label: string }[] {
  return (versions ?? []).map((v) => ({
    value: v.id,
    label: v.kind === 'original' ? t('statistics.originalVersion') : v.name,
  }));
}

type TFieldChannel = TDataReportFields['speeds'][number];

/** A channel's option label: its name, with the height added when the name does not already say it. */
export function channelLabel(c: Pick<TFieldChannel, 'name' | 'heightM' | 'heightTag'>): string {
  return c.heightM === null || c.name.replace(/\s+/g, '').includes(`${c.heightM}m`)
    ? c.name
    : `${c.name} (${c.heightTag})`;
}

/** Channels of a version (speeds or directions of /web/report/data/fields) as select options. */
export function channelOptions(
  channels: readonly TFieldChannel[] | undefined,
): { value: number; label: string }[] {
  return (channels ?? []).map((c) => ({ value: c.id, label: channelLabel(c) }));
}
