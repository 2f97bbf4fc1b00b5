import {
  AppError,
  type Language,
  PASSWORD_RECORD_KIND_NAMES,
  type TPasswordRecord,
  type TPasswordRecordAddRequest,
  text,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import type { StationAccess } from '../access/index.ts';
import type { PasswordRecordRepository } from './password-records.repository.ts';
import type { TStationLogWriter } from './station-log-writer.ts';

export interface TPasswordRecordRepositories {
  records: PasswordRecordRepository;
  db: Database;
}

type TRecordRow = Awaited<ReturnType<PasswordRecordRepository['insert']>>;

/** The authenticated context of a sealed password: it opens only on the row's own station. */
function sealContext(stationId: number): string {
  return `station-password-record:${stationId}`;
}

/**
 * Logger and SIM password history of a site (SPEC §2 StationInfo). Only users who may edit the site
 * see it: the routes require 'station.edit' and every call checks edit access to the station.
 * Passwords are stored sealed (AES-256-GCM) and never written to the station log.
 */
export class PasswordRecordService {
  constructor(
    private readonly records: PasswordRecordRepository,
    private readonly access: StationAccess,
    private readonly box: SecretBox,
    private readonly tx: TTransactor<TPasswordRecordRepositories>,
    private readonly stationLog: TStationLogWriter,
  ) {}

  async list(user: TAuthUser, stationId: number, language: Language): Promise<TPasswordRecord[]> {
    await this.access.assertCanEdit(user, stationId);
    const rows = await this.records.listByStation(stationId);
    return Promise.all(rows.map((row) => this.toRecord(row, language)));
  }

  async add(user: TAuthUser, input: TPasswordRecordAddRequest, language: Language): Promise<TPasswordRecord> {
    const [station] = await this.access.assertCanEdit(user, input.stationId);
    const secret = await this.box.seal(input.password, sealContext(input.stationId));
    const row = await this.tx.run(async ({ records, db }) => {
      const inserted = await records.insert({
        stationId: input.stationId,
        kind: input.kind,
        target: input.target,
        secret,
        effectiveTime: input.effectiveTime ?? new Date(),
        notes: input.notes,
        creatorId: user.id,
        creatorName: user.userName,
      });
      await this.stationLog.record(db, {
        operator: user,
        type: 'add',
        stationId: input.stationId,
        location: 'passwordRecords',
        objects: text('stationLog.passwordRecordAdded', {
          code: station!.stationCode,
          kind: text(`passwordRecordKind.${input.kind}`),
          target: input.target ? text('part.paren', { value: input.target }) : '',
        }),
        details: { recordId: inserted.id, kind: input.kind, target: input.target },
      });
      return inserted;
    });
    return this.toRecord(row, language);
  }

  async delete(user: TAuthUser, id: number): Promise<void> {
    const row = await this.records.findById(id);
    if (!row) throw new AppError('NOT_FOUND');
    const [station] = await this.access.assertCanEdit(user, row.station_id);
    await this.tx.run(async ({ records, db }) => {
      if (!(await records.delete(id))) throw new AppError('NOT_FOUND');
      await this.stationLog.record(db, {
        operator: user,
        type: 'delete',
        stationId: row.station_id,
        location: 'passwordRecords',
        objects: text('stationLog.passwordRecordDeleted', {
          code: station!.stationCode,
          kind: text(`passwordRecordKind.${row.kind}`),
          target: row.target ? text('part.paren', { value: row.target }) : '',
        }),
        details: { recordId: id, kind: row.kind, target: row.target },
      });
    });
  }

  private async toRecord(row: TRecordRow, language: Language): Promise<TPasswordRecord> {
    const password = await this.box.open(row.secret, sealContext(row.station_id));
    return {
      id: row.id,
      stationId: row.station_id,
      kind: row.kind,
      kindName: PASSWORD_RECORD_KIND_NAMES[row.kind][language],
      target: row.target,
      password: password ?? '',
      isDecryptable: password !== undefined,
      effectiveTime: row.effective_time.toISOString(),
      notes: row.notes,
      creatorName: row.creator_name,
      createTime: row.created_at.toISOString(),
    };
  }
}
