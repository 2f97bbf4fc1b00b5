import type { TDataReportPageRequest } from '@masthub/shared';
import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { TDb } from '../../../platform/db/database.ts';
import { likeContains } from '../../../platform/db/like.ts';
import { readPage } from '../../../platform/db/paging.ts';
import type { DataReportTable } from '../../../platform/db/schema.ts';
import { hasAllStations, stationAccessPredicate } from '../../access/index.ts';

/** Data reports: uploaded text reports and generated analysis reports of a site. */
export class DataReportRepository {
  constructor(private readonly db: TDb) {}

  /** Reports of live sites the user may see, newest first, with their site, template and version. */
  page(user: TAuthUser, request: TDataReportPageRequest) {
    let query = this.db
      .selectFrom('data_report as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .leftJoin('manufacturer as m', 'm.id', 's.manufacturer_id')
      .leftJoin('report_template as t', 't.id', 'r.template_id')
      .leftJoin('dataset_version as v', 'v.id', 'r.version_id')
      .where('s.is_deleted', '=', false)
      .where(hasAllStations(user) ? sql<SqlBool>`true` : stationAccessPredicate(user, 's'));
    if (request.stationId !== undefined) query = query.where('r.station_id', '=', request.stationId);
    if (request.type) query = query.where('r.type', '=', request.type);
    if (request.keywords) {
      const like = likeContains(request.keywords);
      query = query.where((eb) =>
        eb.or([eb('r.report_name', 'ilike', like), eb('s.station_code', 'ilike', like)]),
      );
    }
    return readPage(
      query,
      query
        .selectAll('r')
        .select([
          's.station_code',
          's.project_name',
          'm.name as manufacturer_name',
          't.name as template_name',
          't.builtin_key as template_key',
          'v.kind as version_kind',
        ])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc'),
      request,
    );
  }

  async insert(values: Insertable<DataReportTable>): Promise<number> {
    const row = await this.db
      .insertInto('data_report')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The template asked for, else the first of `type`. */
  findTemplate(templateId: number | undefined | null, type: number) {
    return templateId
      ? this.db
          .selectFrom('report_template')
          .select(['id', 'type'])
          .where('id', '=', templateId)
          .executeTakeFirst()
      : this.db
          .selectFrom('report_template')
          .select(['id', 'type'])
          .where('type', '=', type)
          .orderBy('id')
          .executeTakeFirst();
  }

  /** An analysis report with its site, manufacturer and template sections, for building it. */
  findForAnalysis(reportId: number) {
    return this.db
      .selectFrom('data_report as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .leftJoin('manufacturer as m', 'm.id', 's.manufacturer_id')
      .leftJoin('report_template as t', 't.id', 'r.template_id')
      .select([
        'r.id',
        'r.report_name',
        'r.version_id',
        'r.version_name',
        'r.params',
        'r.language',
        'r.owner_id',
        'r.owner_name',
        'r.status',
        'r.docx_sha256',
        'r.pdf_sha256',
        'r.station_id',
        's.station_code',
        's.project_name',
        's.location',
        's.longitude',
        's.latitude',
        's.altitude_m',
        's.pylon_height_m',
        'm.name as manufacturer_name',
        't.sections',
      ])
      .where('r.id', '=', reportId)
      .where('r.type', '=', 'analysis')
      .executeTakeFirst();
  }

  async update(id: number, values: Updateable<DataReportTable>): Promise<void> {
    await this.db.updateTable('data_report').set(values).where('id', '=', id).execute();
  }

  /** Updates a report and says whether it is still there (not deleted meanwhile). */
  async updateIfPresent(id: number, values: Updateable<DataReportTable>): Promise<boolean> {
    const updated = await this.db
      .updateTable('data_report')
      .set(values)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  }

  /** A report of a live site, with the site's code. */
  findWithSite(id: number) {
    return this.db
      .selectFrom('data_report as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .selectAll('r')
      .select('s.station_code')
      .where('r.id', '=', id)
      .where('s.is_deleted', '=', false)
      .executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('data_report').where('id', '=', id).execute();
  }
}
