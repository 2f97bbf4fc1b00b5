import { type TText, text } from '@masthub/shared';
import type { TOutboundEvent } from '../../platform/events/outbound-events.ts';
import type { ColdClimateService } from '../cold-climate/index.ts';
import type { AlarmRepository } from './alarms.repository.ts';
import type { TStationStatusEvent } from './station-status.ts';

/** Icing is over once the data goes on this long without it (the §2.2 clearing time). */
export const ICING_CLEAR_MS = 3_600_000;

/** Icing found in data older than this (a backlog, an archive import) is recorded, not pushed (as abnormal data). */
const PUSH_RECENT_MS = 2 * 86_400_000;

/** What the icing alarm needs of the alarm service (kept apart so the service stays one file). */
export interface TIcingAlarmParts {
  alarms: Pick<AlarmRepository, 'upsertIcing' | 'closeIcing' | 'hasOpen'>;
  coldClimate: Pick<ColdClimateService, 'instrumentalIcing'>;
  emit: (...events: TOutboundEvent[]) => Promise<void>;
  applyStatus: (event: TStationStatusEvent) => Promise<void>;
  push: (message: TText) => Promise<void>;
}

/**
 * The icing alarm of one arriving stretch of a site's data (issue 45 §2): instrumental icing in it opens
 * (or widens) the site's icing alarm; when the data after the last icing runs on for an hour without it,
 * the alarm closes. Opening and closing are each pushed ("icing begins" / "icing ends", stored as texts,
 * read in each user's language) and published (alarm.opened type icing, alarm.closed reason icing_ended).
 */
export async function evaluateIcingAlarm(
  parts: TIcingAlarmParts,
  site: { stationId: number; code: string; utcOffsetMinutes: number },
  fromMs: number,
  toMs: number,
): Promise<void> {
  const { stationId } = site;
  const found = await parts.coldClimate.instrumentalIcing(stationId, fromMs, toMs, site.utcOffsetMinutes);
  if (!found) return;
  const { periods } = found;
  let open = await parts.alarms.hasOpen(stationId, 'icing');
  if (periods.length > 0) {
    const channels = [...new Set(periods.flatMap((p) => p.channels))];
    const alarm = await parts.alarms.upsertIcing(
      stationId,
      new Date(periods[0]!.startMs),
      new Date(periods[periods.length - 1]!.endMs),
      { kind: 'icing', channels },
    );
    open = true;
    if (alarm.inserted) {
      await parts.applyStatus('alarm_opened');
      if (periods[periods.length - 1]!.endMs >= Date.now() - PUSH_RECENT_MS)
        await parts.push(text('message.alarmIcingBegan', { code: site.code }));
      await parts.emit({
        kind: 'alarm.opened',
        stationIds: [stationId],
        data: { alarmId: Number(alarm.id), alarmType: 'icing', channel: channels[0] ?? null, days: null },
      });
    }
  }
  const lastIcingEnd = periods.length > 0 ? periods[periods.length - 1]!.endMs : fromMs;
  if (!open || found.endMs - lastIcingEnd < ICING_CLEAR_MS) return;
  const closed = await parts.alarms.closeIcing(stationId, new Date(lastIcingEnd));
  if (closed.length === 0) return;
  if (!(await parts.alarms.hasOpen(stationId))) await parts.applyStatus('alarms_closed');
  if (found.endMs >= Date.now() - PUSH_RECENT_MS)
    await parts.push(text('message.alarmIcingEnded', { code: site.code }));
  await parts.emit({
    kind: 'alarm.closed',
    stationIds: [stationId],
    data: { alarmIds: closed, reason: 'icing_ended' },
  });
}
