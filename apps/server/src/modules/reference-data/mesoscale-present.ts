import { type Language, localizeUnreadableReason, type TMesoscaleDataset } from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { MesoscaleRepository } from './mesoscale.repository.ts';

/** The reasons this module stores itself; the rest are the logger-file recognition's. */
const OWN_REASONS = {
  binary: 'mesoscale.reason.binary',
  no_speed: 'mesoscale.reason.noSpeed',
  no_direction: 'mesoscale.reason.noDirection',
} as const;

/** Why a dataset is stored only, in the reader's language (stored as `{ key, details }`). */
export function presentMesoscaleReason(stored: string, language: Language): string {
  if (!stored) return '';
  try {
    const { key, details } = JSON.parse(stored) as { key: string; details?: Record<string, unknown> };
    const own = Object.hasOwn(OWN_REASONS, key) ? OWN_REASONS[key as keyof typeof OWN_REASONS] : undefined;
    return (own && say(language, own)) ?? localizeUnreadableReason(key, details, language) ?? key;
  } catch {
    return stored;
  }
}

type TDatasetRow = Awaited<ReturnType<MesoscaleRepository['page']>>['rows'][number];

/** A dataset as the list shows it. */
export function presentDataset(r: TDatasetRow, language: Language): TMesoscaleDataset {
  return {
    id: Number(r.id),
    stationId: Number(r.station_id),
    stationCode: r.station_code,
    name: r.name,
    files: r.files,
    status: r.status,
    statusName: say(language, `mesoscale.status.${r.status}`),
    reason: presentMesoscaleReason(r.reason, language),
    utcOffsetMinutes: r.utc_offset_minutes,
    intervalMinutes: r.interval_minutes === null ? null : Number(r.interval_minutes),
    firstTime: r.first_time?.toISOString() ?? null,
    lastTime: r.last_time?.toISOString() ?? null,
    recordCount: r.record_count,
    channels: r.channels,
    uploaderName: r.uploader_name,
    createTime: r.created_at.toISOString(),
  };
}
