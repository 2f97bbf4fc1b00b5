import { AppError, type TStationAccessKind } from '@masthub/shared';
import type { Expression, SqlBool } from 'kysely';
import {
  hasAllStations,
  type StationAccessRepository,
  stationAccessPredicate,
  type TAccessSubject,
  type TStationKindsRow,
} from './station-access.repository.ts';

export { hasAllStations, type TAccessSubject } from './station-access.repository.ts';

export interface TStationAccess {
  stationId: number;
  stationCode: string;
  /** Empty when the subject cannot reach the station. */
  kinds: TStationAccessKind[];
}

function kindsOfRow(row: TStationKindsRow): TStationAccessKind[] {
  const kinds: TStationAccessKind[] = [];
  if (row.is_role) kinds.push('role');
  if (row.is_assigned) kinds.push('assigned');
  if (row.is_owner) kinds.push('owner');
  return kinds;
}

/**
 * The one place that decides station access (DESIGN §5, SPEC §4). A user reaches a station through
 * their role (data scope 'all', or the role's list), a direct assignment, or ownership. Lists filter
 * with `filter()`; single-station calls use `assertCanView` / `assertCanEdit` (404 unknown, 403 no access).
 */
export class StationAccess {
  constructor(private readonly repository: StationAccessRepository) {}

  /** The users told about a site's data: its data administrator, else its owner, while they still see it. */
  dataAdministrators(stationId: number): Promise<number[]> {
    return this.repository.listDataAdministrators(stationId);
  }

  /** A site's code, for the messages to its data administrators. */
  stationCode(stationId: number): Promise<string | undefined> {
    return this.repository.findStationCode(stationId);
  }

  /** The ids of those of `subjects` who see a live station (one query for all of them). */
  viewersAmong(subjects: readonly TAccessSubject[], stationId: number): Promise<number[]> {
    return this.repository.listReaching(subjects, stationId);
  }

  /** The SQL condition for station lists; `stationAlias` is the alias of the station table in the query. */
  filter(subject: TAccessSubject, stationAlias = 'station'): Expression<SqlBool> {
    return stationAccessPredicate(subject, stationAlias);
  }

  hasAllStations(subject: TAccessSubject): boolean {
    return hasAllStations(subject);
  }

  findSubject(userId: number): Promise<TAccessSubject | undefined> {
    return this.repository.findSubject(userId);
  }

  /** How the subject reaches each live station among `stationIds`; unknown or deleted ids are left out. */
  async listAccess(subject: TAccessSubject, stationIds: readonly number[]): Promise<TStationAccess[]> {
    const rows = await this.repository.listKinds(subject, [...new Set(stationIds)]);
    return rows.map((row) => ({ stationId: row.id, stationCode: row.station_code, kinds: kindsOfRow(row) }));
  }

  async kindsOf(subject: TAccessSubject, stationId: number): Promise<TStationAccessKind[]> {
    return (await this.listAccess(subject, [stationId]))[0]?.kinds ?? [];
  }

  async canView(subject: TAccessSubject, stationId: number): Promise<boolean> {
    return (await this.kindsOf(subject, stationId)).length > 0;
  }

  /**
   * Every kind of access grants editing as well as viewing (SPEC §6: losing ownership loses "view and
   * edit"); what may be edited is then gated by function permissions on the route.
   */
  canEdit(subject: TAccessSubject, stationId: number): Promise<boolean> {
    return this.canView(subject, stationId);
  }

  /** Throws NOT_FOUND for an unknown or deleted station and FORBIDDEN when the subject cannot reach one. */
  async assertCanView(
    subject: TAccessSubject,
    stationIds: number | readonly number[],
  ): Promise<TStationAccess[]> {
    const ids = [...new Set(typeof stationIds === 'number' ? [stationIds] : stationIds)];
    const access = await this.listAccess(subject, ids);
    if (access.length !== ids.length) throw new AppError('NOT_FOUND');
    if (access.some((a) => a.kinds.length === 0)) throw new AppError('FORBIDDEN');
    return access;
  }

  assertCanEdit(subject: TAccessSubject, stationIds: number | readonly number[]): Promise<TStationAccess[]> {
    return this.assertCanView(subject, stationIds);
  }

  countAccessible(subject: TAccessSubject): Promise<number> {
    return this.repository.countAccessible(subject);
  }
}
