import {
  displayPersonName,
  isText,
  type Language,
  renderText,
  STATION_LOG_LOCATIONS,
  STATION_LOG_TYPE_NAMES,
  type TPage,
  type TStationLogPageRequest,
  type TStationLogRecord,
  type TStationLogType,
  type TText,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database, TDb } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TAccessSubject } from '../access/index.ts';
import { StationLogRepository } from './station-log.repository.ts';

/** One station change to log (SPEC §3 Station log). */
export interface TStationLogEntry {
  operator: Pick<TAuthUser, 'account' | 'userName'> & { id: number | null };
  type: TStationLogType;
  /** The site changed; null for changes not bound to one site. */
  stationId: number | null;
  /** Where the change was made: a key of STATION_LOG_LOCATIONS (shown localised) or plain text. */
  location: string;
  /**
   * What changed, as a text of the shared catalogue (`stationLog.*`) and its parameters: stored so, and
   * written out in the reader's language when the log is read.
   */
  objects: TText;
  /** Machine-readable detail (changed fields, before/after…), stored as JSON. */
  details?: unknown;
}

function locationName(location: string, language: Language): string {
  const known = (STATION_LOG_LOCATIONS as Record<string, Record<Language, string>>)[location];
  return known ? known[language] : location;
}

/**
 * The station log: every service that changes a site (stations, attachments, password records, channel
 * configurations…) calls `record` with the transaction of its change, so the log row commits or rolls
 * back with it.
 */
export class StationLogService {
  constructor(private readonly db: Database) {}

  /** Writes one log row through `db` — pass the caller's transaction. */
  async record(db: TDb, entry: TStationLogEntry): Promise<void> {
    await new StationLogRepository(db).insert({
      operatorId: entry.operator.id,
      operatorAccount: entry.operator.account,
      operatorName: entry.operator.userName,
      type: entry.type,
      location: entry.location,
      objects: entry.objects,
      stationId: entry.stationId,
      details: entry.details,
    });
  }

  /**
   * Writes a row for a change made on a user's behalf by the system (a file stored, a task run): the
   * operator is that user as stored now, or — for fetched files, which no user sent — the system under
   * `systemName` (the source: ftp, email…).
   */
  async recordAs(
    db: TDb,
    actor: { userId: number | null; systemName: string },
    entry: Omit<TStationLogEntry, 'operator'>,
  ): Promise<void> {
    const user =
      actor.userId === null ? undefined : await new StationLogRepository(db).findUser(actor.userId);
    await this.record(db, {
      ...entry,
      operator: user
        ? { id: user.id, account: user.account, userName: user.user_name }
        : { id: null, account: 'system', userName: actor.systemName },
    });
  }

  /** The log page: newest first, limited to rows of sites the subject can see. */
  async page(
    subject: TAccessSubject,
    filter: TStationLogPageRequest,
    language: Language,
  ): Promise<TPage<TStationLogRecord>> {
    const { records, total } = await new StationLogRepository(this.db).page(subject, filter);
    return presentPage(filter, { rows: records, total }, (r) => ({
      id: r.id,
      operatorAccount: r.operator_account,
      operatorName: displayPersonName(r.operator_name, language),
      operateTime: r.operate_time.toISOString(),
      type: r.type,
      typeName: STATION_LOG_TYPE_NAMES[r.type][language],
      location: locationName(r.location, language),
      locationKey: r.location,
      // Rows written before texts were stored by key keep their prose.
      objects: isText(r.objects_text) ? renderText(r.objects_text, language) : r.objects,
      stationId: r.station_id,
      stationCode: r.station_code,
      details: r.details ?? null,
    }));
  }
}
