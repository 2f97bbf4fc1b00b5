import {
  AppError,
  type Language,
  measuringDays,
  STATION_STATUSES,
  STATION_TYPES,
  stationStatusColor,
  type TFieldError,
  type TPage,
  type TStationCheckExistQuery,
  type TStationCheckExistReply,
  type TStationExportRequest,
  type TStationFilter,
  type TStationMapItem,
  type TStationOverview,
  type TStationPageRequest,
  type TStationQuantityStat,
  type TStationQuantityStatRequest,
  type TStationRecord,
  type TStationSaveReply,
  type TStationSaveRequest,
  type TStationSearchItem,
  type TStationSearchRequest,
  type TStationStatGroupItem,
  type TStationTagsRequest,
  text,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { StationAccess } from '../access/index.ts';
import { PROVINCES, provinceOf } from '../lookups/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { stationFields } from './station-fields.ts';
import { IMPORT_COLUMNS, rowToRequest, type TImportRow, validateRow } from './station-import.ts';
import { nameOf, presentStation } from './station-record.ts';
import {
  assertCodeFree,
  checkStationInput,
  checkStationTags,
  loggedChanges,
  stationValues,
} from './station-save.ts';
import type { StationRepository } from './stations.repository.ts';

export interface TStationRepositories {
  stations: StationRepository;
  /** The transaction itself, for the station log. */
  db: Database;
}

/**
 * The site register (SPEC §3 Station, §5, §7 Station): list, search, statistics, detail, create, edit,
 * delete and coordinate export — every one through station access, every change in the station log.
 */
export class StationService {
  constructor(
    private readonly stations: StationRepository,
    private readonly access: StationAccess,
    private readonly stationLog: StationLogService,
    private readonly tx: TTransactor<TStationRepositories>,
  ) {}

  fields(language: Language) {
    return stationFields(language);
  }

  statusOptions(language: Language) {
    return STATION_STATUSES.map((s) => ({
      value: s.value,
      name: s.name[language],
      color: stationStatusColor(s.value),
    }));
  }

  async page(
    user: TAuthUser,
    filter: TStationPageRequest,
    language: Language,
  ): Promise<TPage<TStationRecord>> {
    const { records, total } = await this.stations.page(user, filter);
    const tags = await this.stations.tagsOf(records.map((r) => r.id));
    return presentPage(filter, { rows: records, total }, (r) => presentStation(r, tags, language));
  }

  async detail(user: TAuthUser, id: number, language: Language): Promise<TStationRecord> {
    await this.access.assertCanView(user, id);
    const row = await this.stations.findRecord(id);
    if (!row) throw new AppError('NOT_FOUND');
    return presentStation(row, await this.stations.tagsOf([id]), language);
  }

  async overview(user: TAuthUser, id: number, language: Language): Promise<TStationOverview> {
    const r = await this.detail(user, id, language);
    // Measuring days (packages/shared measuringDays: calendar days of the site's zone, first to last record,
    // both counted) over the stored data when there is any, else start date → last data time.
    const span = await this.stations.dataSpan(id);
    const from = span?.firstTime?.getTime() ?? (r.startTime ? Date.parse(r.startTime) : null);
    const to = span?.lastTime?.getTime() ?? (r.dataTime ? Date.parse(r.dataTime) : null);
    const days = measuringDays(from, to, r.loggerUtcOffset);
    return {
      id: r.id,
      stationCode: r.stationCode,
      projectName: r.projectName,
      stationType: r.stationType,
      stationTypeName: r.stationTypeName,
      regionCode: r.regionCode,
      province: r.province,
      location: r.location,
      longitude: r.longitude,
      latitude: r.latitude,
      altitude: r.altitude,
      pylonHeight: r.pylonHeight,
      status: r.status,
      statusName: r.statusName,
      statusColor: r.statusColor,
      startTime: r.startTime,
      dataTime: r.dataTime,
      ownerPartyName: r.ownerPartyName,
      deviceTypeName: r.deviceTypeName,
      manufacturerIdName: r.manufacturerIdName,
      tags: r.tags,
      measuringDays: days,
    };
  }

  /**
   * Every visible site matching the list filters as a compact map point (search in map mode). Picker
   * fields (`mode`, `ids`, `limit`) are dropped: the map mode has no limit.
   */
  async mapSites(
    user: TAuthUser,
    input: TStationFilter & { mode?: unknown; ids?: unknown; limit?: unknown },
  ): Promise<TStationMapItem[]> {
    const { mode: _mode, ids: _ids, limit: _limit, ...filter } = input;
    const points = await this.stations.mapPoints(user, filter);
    return points.map((r) => ({
      id: r.id,
      stationCode: r.station_code,
      projectName: r.project_name,
      longitude: r.longitude,
      latitude: r.latitude,
      status: r.status,
      stationType: r.station_type,
      ownerPartyId: r.owner_party_id,
      ownerPartyName: r.owner_party_name,
    }));
  }

  /** Drop-down / quick search (list mode): keywords, selected ids first, at most `limit`. */
  async search(
    user: TAuthUser,
    input: Pick<TStationSearchRequest, 'keywords' | 'ids' | 'limit'>,
  ): Promise<TStationSearchItem[]> {
    const rows = await this.stations.search(user, input.keywords, input.ids, input.limit);
    return rows.map((r) => ({
      id: r.id,
      stationCode: r.station_code,
      projectName: r.project_name,
      location: r.location ?? '',
      longitude: r.longitude,
      latitude: r.latitude,
      status: r.status,
      statusColor: stationStatusColor(r.status),
    }));
  }

  async quantityStat(
    user: TAuthUser,
    input: TStationQuantityStatRequest,
    language: Language,
  ): Promise<TStationQuantityStat> {
    const { groupBy, ...filter } = input;
    const [{ byStatus, byType, byProvince }, groupRows] = await Promise.all([
      this.stations.counts(user, filter),
      groupBy ? this.stations.groupCounts(user, filter, groupBy) : Promise.resolve(undefined),
    ]);
    const total = byStatus.reduce((sum, r) => sum + Number(r.n), 0);
    const statuses = [
      ...new Set([...STATION_STATUSES.map((s) => s.value as number), ...byStatus.map((r) => r.status)]),
    ];
    const types = [
      ...new Set([...STATION_TYPES.map((s) => s.value as string), ...byType.map((r) => r.station_type)]),
    ];
    const provinces = new Map<string, { name: string; count: number }>();
    for (const r of byProvince) {
      const province = r.prefix ? provinceOf(r.prefix) : undefined;
      const value = province?.code ?? '';
      const name = province ? (language === 'en' ? province.nameEn : province.name) : (r.province ?? '');
      const entry = provinces.get(value) ?? { name, count: 0 };
      entry.count += Number(r.n);
      provinces.set(value, entry);
    }
    return {
      total,
      byStatus: statuses.map((value) => ({
        value,
        name: nameOf(STATION_STATUSES, value as never, language),
        color: stationStatusColor(value),
        count: Number(byStatus.find((r) => r.status === value)?.n ?? 0),
      })),
      byType: types.map((value) => ({
        value,
        name: nameOf(STATION_TYPES, value as never, language),
        count: Number(byType.find((r) => r.station_type === value)?.n ?? 0),
      })),
      byProvince: [...provinces.entries()]
        .map(([value, p]) => ({ value, name: p.name, count: p.count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
      ...(groupRows ? { groups: this.groups(groupRows) } : {}),
    };
  }

  /** Rows (key, name, status, n) folded into groups with their counts by status, largest first. */
  private groups(
    rows: readonly { key: string; name: string; status: number; n: number | string | bigint }[],
  ): TStationStatGroupItem[] {
    const groups = new Map<string, TStationStatGroupItem>();
    for (const r of rows) {
      const group = groups.get(r.key) ?? { value: r.key, name: r.name, total: 0, byStatus: [] };
      const n = Number(r.n);
      group.total += n;
      group.byStatus.push({ value: r.status, count: n });
      groups.set(r.key, group);
    }
    for (const g of groups.values()) g.byStatus.sort((a, b) => a.value - b.value);
    return [...groups.values()].sort(
      (a, b) => b.total - a.total || a.name.localeCompare(b.name, 'zh-CN') || a.value.localeCompare(b.value),
    );
  }

  async exportRows(
    user: TAuthUser,
    input: TStationExportRequest,
    language: Language,
  ): Promise<TStationRecord[]> {
    const rows = await this.stations.listAll(user, input);
    return rows.map((r) => presentStation(r, [], language));
  }

  async checkExist(user: TAuthUser, query: TStationCheckExistQuery): Promise<TStationCheckExistReply> {
    const found = await this.stations.findLiveByCode(query.stationCode);
    // Only codes of sites the caller can see are confirmed (issue 26 §1): the check must not be an oracle
    // for the register. Saving a code a hidden site holds is still refused, as codes are unique.
    const exists = !!found && found.id !== query.id && (await this.access.canView(user, found.id));
    return { exists, stationCode: query.stationCode, stationId: exists ? found.id : null };
  }

  async projectNames(user: TAuthUser, keywords: string | undefined): Promise<string[]> {
    return this.stations.projectNames(user, keywords, 50);
  }

  /**
   * Creates (station.add, or station.saveAs when copying a site the user can see; the creator becomes the
   * user-owner) or updates (station.edit + access) a site.
   */
  async save(user: TAuthUser, input: TStationSaveRequest): Promise<TStationSaveReply> {
    if (input.id === undefined) {
      const isCopy = input.copyFromId !== undefined;
      if (!user.features.has('station.add') && !(isCopy && user.features.has('station.saveAs'))) {
        throw new AppError('FORBIDDEN');
      }
      if (isCopy) await this.access.assertCanView(user, input.copyFromId!);
    }
    if (input.id !== undefined) {
      if (!user.features.has('station.edit')) throw new AppError('FORBIDDEN');
      await this.access.assertCanEdit(user, input.id);
    }
    try {
      return await this.tx.run(async ({ stations, db }) => {
        if (input.id === undefined) return await this.createSite(stations, db, user, input, 'stationList');
        const current = await stations.findForUpdate(input.id);
        if (!current) throw new AppError('NOT_FOUND');
        const currentTags = await stations.tagIdsOf(input.id);
        await checkStationInput(stations, input, currentTags);
        await assertCodeFree(stations, input.stationCode, input.id);
        const values = stationValues(input, current);
        await stations.update(input.id, values);
        const nextTags = input.tagIds ?? currentTags;
        if (input.tagIds !== null) await stations.setTags(input.id, input.tagIds);
        const { changes, names } = loggedChanges(
          { ...current, tags: currentTags },
          { ...values, tags: nextTags },
        );
        if (names.length > 0) {
          await this.stationLog.record(db, {
            operator: user,
            type: 'edit',
            stationId: input.id,
            location: 'stationInfo',
            objects: text('stationLog.siteEdited', {
              code: values.station_code,
              name: values.project_name,
              fields: names,
            }),
            details: { changes },
          });
        }
        return { id: input.id, stationCode: values.station_code };
      });
    } catch (error) {
      // Two creates of one code at the same moment: the unique index decides.
      if ((error as { code?: string }).code === '23505') {
        throw new AppError('STATION_CODE_TAKEN', { stationCode: input.stationCode });
      }
      throw error;
    }
  }

  /** Inserts one new site with its tags and its station-log row (inside the caller's transaction). */
  private async createSite(
    stations: StationRepository,
    db: Database,
    user: TAuthUser,
    input: TStationSaveRequest,
    location: 'stationList' | 'batchImport',
  ): Promise<TStationSaveReply> {
    await checkStationInput(stations, input, []);
    await assertCodeFree(stations, input.stationCode, undefined);
    const values = stationValues(input);
    const row = await stations.insert({ ...values, owner_id: user.id, creator_id: user.id });
    if (input.tagIds?.length) await stations.setTags(row.id, input.tagIds);
    await this.stationLog.record(db, {
      operator: user,
      type: 'add',
      stationId: row.id,
      location,
      objects: text('stationLog.site', { code: row.station_code, name: values.project_name }),
      details: { values, tagIds: input.tagIds ?? [] },
    });
    return { id: row.id, stationCode: row.station_code };
  }

  /**
   * Batch import (site list, station.batchImport): every row is resolved (names of types, provinces,
   * owners, manufacturers), checked with the shared save schema, against the other rows and against the
   * register; any problem refuses the whole file with every problem listed by row and column, and nothing
   * is saved. Otherwise all sites are created in one transaction, each with its station-log row.
   */
  async importSites(
    user: TAuthUser,
    rows: readonly TImportRow[],
    language: Language,
  ): Promise<{ count: number; stationCodes: string[] }> {
    if (!user.features.has('station.add')) throw new AppError('FORBIDDEN');
    return this.tx.run(async ({ stations, db }) => {
      const [owners, manufacturers] = await stations.listImportReferences();
      const titleOf = (key: string) => {
        const column = IMPORT_COLUMNS.find(
          (c) =>
            c.key === key ||
            (key === 'regionCode' && c.key === 'province') ||
            (key === 'ownerPartyId' && c.key === 'owner') ||
            (key === 'manufacturerId' && c.key === 'manufacturer'),
        );
        return column ? column.title[language] : key;
      };
      const rowLabel = (n: number) => say(language, 'stationList.importRow', { n });
      const fields: TFieldError[] = [];
      const requests: TStationSaveRequest[] = [];
      const seen = new Map<string, number>();
      for (const row of rows) {
        const { request, problems } = rowToRequest(row, { owners, manufacturers });
        for (const p of problems)
          fields.push({ field: `${rowLabel(row.rowNumber)} · ${titleOf(p.key)}`, message: p.message });
        const checked = validateRow(request);
        if (!checked.ok) {
          for (const issue of checked.issues) {
            if (problems.some((p) => titleOf(p.key) === titleOf(issue.key))) continue;
            fields.push({
              field: `${rowLabel(row.rowNumber)} · ${titleOf(issue.key)}`,
              message: issue.message,
            });
          }
          continue;
        }
        const code = checked.value.stationCode;
        const earlier = seen.get(code);
        if (earlier !== undefined) {
          fields.push({
            field: `${rowLabel(row.rowNumber)} · ${titleOf('stationCode')}`,
            message: 'v.duplicate',
          });
          continue;
        }
        seen.set(code, row.rowNumber);
        if (await stations.findLiveByCode(code)) {
          fields.push({
            field: `${rowLabel(row.rowNumber)} · ${titleOf('stationCode')}`,
            message: 'v.stationCodeTaken',
          });
          continue;
        }
        requests.push(checked.value);
      }
      if (fields.length > 0) throw new AppError('STATION_IMPORT_INVALID', { count: fields.length }, fields);
      const created: string[] = [];
      for (const input of requests)
        created.push((await this.createSite(stations, db, user, input, 'batchImport')).stationCode);
      return { count: created.length, stationCodes: created };
    });
  }

  /** Replaces the tags of one site (site list tag editor). */
  async setTags(user: TAuthUser, input: TStationTagsRequest): Promise<void> {
    await this.access.assertCanEdit(user, input.stationId);
    await this.tx.run(async ({ stations, db }) => {
      const current = await stations.findForUpdate(input.stationId);
      if (!current) throw new AppError('NOT_FOUND');
      const currentTags = await stations.tagIdsOf(input.stationId);
      const fields = await checkStationTags(stations, input.tagIds, currentTags);
      if (fields.length > 0) throw new AppError('VALIDATION_FAILED', {}, fields);
      await stations.setTags(input.stationId, input.tagIds);
      const names = (await stations.findTags(input.tagIds)).map((t) => t.name);
      await this.stationLog.record(db, {
        operator: user,
        type: 'edit',
        stationId: input.stationId,
        location: 'stationTags',
        objects: text('stationLog.siteTags', {
          code: current.station_code,
          name: current.project_name,
          tags: names.length > 0 ? names : text('part.none'),
        }),
        details: { before: currentTags, after: input.tagIds },
      });
    });
  }

  /** Deletes a site (soft: its code becomes free; history and data stay). */
  async delete(user: TAuthUser, id: number): Promise<void> {
    await this.access.assertCanEdit(user, id);
    await this.tx.run(async ({ stations, db }) => {
      const current = await stations.findForUpdate(id);
      if (!current) throw new AppError('NOT_FOUND');
      await stations.softDelete(id);
      await this.stationLog.record(db, {
        operator: user,
        type: 'delete',
        stationId: id,
        location: 'stationList',
        objects: text('stationLog.site', { code: current.station_code, name: current.project_name }),
      });
    });
  }

  /** The province list, for reference data (kept here so regions stay one table). */
  provinces() {
    return PROVINCES;
  }
}
