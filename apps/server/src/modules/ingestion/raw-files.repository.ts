import type { TRemoteSensingFacts } from '@masthub/shared';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { isContentReferenced, lockContent } from '../../platform/files/content-references.ts';
import type { TRawFileSource, TRawFileStatus } from './ingestion.types.ts';

export interface TRawFileInsert {
  sha256: string;
  fileName: string;
  sizeBytes: number;
  stationId: number | null;
  source: TRawFileSource;
  sourceRef: string | null;
  status: TRawFileStatus;
  reasonKey?: string | null;
  reason?: string | null;
  recognizedKind?: string | null;
  ruleSnapshot?: unknown;
  uploaderId: number | null;
  uploaderName: string;
}

export type TRawFileRow = Awaited<ReturnType<RawFileRepository['findById']>> & {};

/** raw_file and parse_preview rows. */
export class RawFileRepository {
  constructor(private readonly db: Database) {}

  findById(id: number) {
    return this.db.selectFrom('raw_file').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByStationAndSha(stationId: number | null, sha256: string) {
    return this.db
      .selectFrom('raw_file')
      .selectAll()
      .where(sql<boolean>`coalesce(station_id, 0) = ${stationId ?? 0}`)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
  }

  findBySourceRef(source: TRawFileSource, sourceRef: string) {
    return this.db
      .selectFrom('raw_file')
      .selectAll()
      .where('source', '=', source)
      .where('source_ref', '=', sourceRef)
      .executeTakeFirst();
  }

  /** Serialises writers of one content hash (publish the blob / insert or delete its rows). */
  async lockContent(sha256: string): Promise<void> {
    await lockContent(this.db, sha256);
  }

  /** Inserts the row; undefined when (site, content) or (source, sourceRef) already exists. */
  async insert(row: TRawFileInsert) {
    return this.db
      .insertInto('raw_file')
      .values({
        sha256: row.sha256,
        file_name: row.fileName,
        size_bytes: row.sizeBytes,
        station_id: row.stationId,
        source: row.source,
        source_ref: row.sourceRef,
        status: row.status,
        reason_key: row.reasonKey ?? null,
        reason: row.reason ?? null,
        recognized_kind: row.recognizedKind ?? null,
        rule_snapshot: row.ruleSnapshot === undefined ? null : JSON.stringify(row.ruleSnapshot),
        uploader_id: row.uploaderId,
        uploader_name: row.uploaderName,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Moves a pending (or interrupted) file to 'parsing'; undefined when it is not waiting to be parsed or
   * has no site. Committed without waiting for the disk
   * flush: losing it in a crash leaves the file 'pending', which is re-queued just the same.
   */
  claimForParsing(id: number) {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit TO off`.execute(trx);
      return trx
        .updateTable('raw_file')
        .set({ status: 'parsing', progress: 5, reason_key: null, reason: null, reason_details: null })
        .where('id', '=', id)
        .where('station_id', 'is not', null)
        .where('status', 'in', ['pending', 'parsing'])
        .returningAll()
        .executeTakeFirst();
    });
  }

  /** Progress for parse_process; not worth a disk flush each. */
  async setProgress(id: number, progress: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit TO off`.execute(trx);
      await trx.updateTable('raw_file').set({ progress }).where('id', '=', id).execute();
    });
  }

  async markFailed(
    id: number,
    status: 'failed' | 'stored_not_parsed',
    reasonKey: string,
    reason: string,
    details: Record<string, unknown> | undefined,
    recognizedKind: string | null,
  ): Promise<void> {
    await this.db
      .updateTable('raw_file')
      .set({
        status,
        progress: 100,
        reason_key: reasonKey,
        reason,
        reason_details: details ? JSON.stringify(details) : null,
        recognized_kind: recognizedKind,
        parsed_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Holds a file for a person's confirmation (issue 40): no data, its reason and doubts kept. */
  async markHeld(
    id: number,
    reasonKey: string,
    reason: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.db
      .updateTable('raw_file')
      .set({
        status: 'held',
        progress: 100,
        reason_key: reasonKey,
        reason,
        reason_details: JSON.stringify(details),
        rule_snapshot: null,
        parsed_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async markParsed(
    id: number,
    result: {
      recognizedKind: string | null;
      ruleSnapshot: unknown;
      firstTimeMs: number | null;
      lastTimeMs: number | null;
      valueCount: number;
      /** What the parse left out although the file was stored (rows off the time grid). */
      note?: { key: string; details: Record<string, unknown> } | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('raw_file')
      .set({
        status: 'parsed',
        progress: 100,
        reason_key: result.note?.key ?? null,
        reason: null,
        reason_details: result.note ? JSON.stringify(result.note.details) : null,
        recognized_kind: result.recognizedKind,
        rule_snapshot: JSON.stringify(result.ruleSnapshot),
        first_time: result.firstTimeMs === null ? null : new Date(result.firstTimeMs),
        last_time: result.lastTimeMs === null ? null : new Date(result.lastTimeMs),
        value_count: result.valueCount,
        parsed_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Queues a file for parsing again, optionally with a new rule snapshot. */
  async resetForParsing(id: number, ruleSnapshot?: unknown): Promise<void> {
    await this.db
      .updateTable('raw_file')
      .set({
        status: 'pending',
        progress: 0,
        reason_key: null,
        reason: null,
        reason_details: null,
        ...(ruleSnapshot === undefined ? {} : { rule_snapshot: JSON.stringify(ruleSnapshot) }),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Files a crash or a stop left unfinished. */
  async listUnfinished(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('raw_file')
      .select('id')
      .where('status', 'in', ['pending', 'parsing'])
      .where('station_id', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async pageByStation(options: {
    stationId: number;
    status?: TRawFileStatus | undefined;
    fileName?: string | undefined;
    offset: number;
    limit: number;
  }) {
    let query = this.db.selectFrom('raw_file as f').where('f.station_id', '=', options.stationId);
    if (options.status) query = query.where('f.status', '=', options.status);
    if (options.fileName) {
      query = query.where(sql<boolean>`position(lower(${options.fileName}) in lower(f.file_name)) > 0`);
    }
    const [rows, total] = await Promise.all([
      query
        // The file's data receipt (issue 30) for its badge.
        .leftJoin('data_receipt as rc', 'rc.raw_file_id', 'f.id')
        .selectAll('f')
        .select([
          'rc.id as receipt_id',
          'rc.status as receipt_status',
          'rc.finding_count as receipt_finding_count',
          'rc.open_count as receipt_open_count',
          'rc.max_severity as receipt_max_severity',
        ])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Parsed-or-not raw files of a site whose data (or, unparsed, arrival) overlaps [from, to). */
  listForExport(options: { stationId: number; from?: Date | undefined; to?: Date | undefined }) {
    let query = this.db.selectFrom('raw_file').selectAll().where('station_id', '=', options.stationId);
    if (options.from) {
      const from = options.from;
      query = query.where((eb) =>
        eb.or([
          eb('last_time', '>=', from),
          eb.and([eb('last_time', 'is', null), eb('created_at', '>=', from)]),
        ]),
      );
    }
    if (options.to) {
      const to = options.to;
      query = query.where((eb) =>
        eb.or([eb('first_time', '<', to), eb.and([eb('first_time', 'is', null), eb('created_at', '<', to)])]),
      );
    }
    return query.orderBy('first_time').orderBy('id').execute();
  }

  listByIds(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('raw_file')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  }

  /** Whether any row (raw file, preview, attachment) still names the content. */
  async isContentReferenced(sha256: string): Promise<boolean> {
    return isContentReferenced(this.db, sha256);
  }

  // Previews (preview_recognize → recognize).

  async insertPreview(row: {
    token: string;
    sha256: string;
    fileName: string;
    sizeBytes: number;
    userId: number;
    stationId: number | null;
    recognition: unknown;
  }): Promise<void> {
    await this.db
      .insertInto('parse_preview')
      .values({
        token: row.token,
        sha256: row.sha256,
        file_name: row.fileName,
        size_bytes: row.sizeBytes,
        user_id: row.userId,
        station_id: row.stationId,
        recognition: JSON.stringify(row.recognition),
      })
      .execute();
  }

  findPreview(token: string) {
    return this.db.selectFrom('parse_preview').selectAll().where('token', '=', token).executeTakeFirst();
  }

  async deletePreview(token: string): Promise<void> {
    await this.db.deleteFrom('parse_preview').where('token', '=', token).execute();
  }

  /** Previews older than the cutoff: their rows are deleted and their hashes returned. */
  async deletePreviewsBefore(cutoff: Date): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('parse_preview')
      .where('created_at', '<', cutoff)
      .returning('sha256')
      .execute();
    return rows.map((r) => r.sha256);
  }

  /**
   * Sets the site's data times from its original version's summary: the last data time and the
   * measurement start (kept if already set, else the first stored time). The status follows in the
   * alarm service (`onDataArrived`, the site status table).
   */
  /**
   * The site's data time after a file; a lidar/sodar file (issue 31) also fills the remote-sensing site's
   * blank device, serial, firmware and heights from its header (what the user wrote is kept).
   */
  async updateStationDataTime(
    stationId: number,
    summary: { firstTime: Date | null; lastTime: Date | null },
    device?: TRemoteSensingFacts,
  ): Promise<void> {
    await this.db
      .updateTable('station')
      .set({
        data_time: summary.lastTime,
        start_time: sql<Date | null>`coalesce(start_time, ${summary.firstTime})`,
      })
      .where('id', '=', stationId)
      .execute();
    if (!device) return;
    const model = [device.make, device.model].filter(Boolean).join(' ');
    await this.db
      .updateTable('station')
      .set({
        device_model: sql<string>`CASE WHEN device_model = '' THEN ${model.slice(0, 100)} ELSE device_model END`,
        device_serial: sql<string>`CASE WHEN device_serial = '' THEN ${device.serial.slice(0, 50)} ELSE device_serial END`,
        device_firmware: sql<string>`CASE WHEN device_firmware = '' THEN ${device.firmware.slice(0, 50)} ELSE device_firmware END`,
        measurement_heights_m: sql<
          number[]
        >`CASE WHEN cardinality(measurement_heights_m) = 0 THEN ${device.heightsM.slice(0, 60)}::double precision[] ELSE measurement_heights_m END`,
      })
      .where('id', '=', stationId)
      .where('station_type', '<>', 'met_mast')
      .execute();
  }

  /** The UTC offset a site's loggers write (files that name no zone are read in it); undefined if no site. */
  async findStationLoggerOffset(stationId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('station')
      .select('logger_utc_offset_minutes')
      .where('id', '=', stationId)
      .executeTakeFirst();
    return row?.logger_utc_offset_minutes;
  }

  async findStationParseRuleId(stationId: number): Promise<number | null | undefined> {
    const row = await this.db
      .selectFrom('station')
      .select('parse_rule_id')
      .where('id', '=', stationId)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    return row ? row.parse_rule_id : undefined;
  }
}
