import type { TConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { Logger } from '../../platform/logger.ts';
import { createKeySource, SecretBox } from '../../platform/secrets/secret-box.ts';
import type { StationAccess } from '../access/index.ts';
import { AttachmentRepository } from './attachments.repository.ts';
import { AttachmentService } from './attachments.service.ts';
import { ChannelConfigRepository } from './channel-config.repository.ts';
import { ChannelConfigService } from './channel-config.service.ts';
import { Iea43Repository } from './iea43.repository.ts';
import { Iea43Service } from './iea43.service.ts';
import { PasswordRecordRepository } from './password-records.repository.ts';
import { PasswordRecordService } from './password-records.service.ts';
import type { TStationLogWriter } from './station-log-writer.ts';

export interface TStationAssetServices {
  attachments: AttachmentService;
  passwordRecords: PasswordRecordService;
  channelConfigs: ChannelConfigService;
  iea43: Iea43Service;
}

/** Wires the station-assets module: attachments, password records, channel configurations and Task 43. */
export function buildStationAssetServices(
  db: Database,
  config: TConfig,
  log: Logger,
  deps: { stationAccess: StationAccess; stationLog: TStationLogWriter; files: TFileStore },
): TStationAssetServices {
  const { stationAccess, stationLog, files } = deps;
  return {
    attachments: new AttachmentService(
      new AttachmentRepository(db),
      stationAccess,
      files,
      createTransactor(db, (trx) => ({ attachments: new AttachmentRepository(trx), db: trx })),
      stationLog,
      log.child({ module: 'attachments' }),
    ),
    passwordRecords: new PasswordRecordService(
      new PasswordRecordRepository(db),
      stationAccess,
      new SecretBox(
        createKeySource({
          configuredSecret: config.PASSWORD_RECORD_KEY,
          dataDir: config.dataDirAbs,
          purpose: 'station-password-record',
        }),
      ),
      createTransactor(db, (trx) => ({ records: new PasswordRecordRepository(trx), db: trx })),
      stationLog,
    ),
    channelConfigs: new ChannelConfigService(
      new ChannelConfigRepository(db),
      stationAccess,
      createTransactor(db, (trx) => ({ configs: new ChannelConfigRepository(trx), db: trx })),
      stationLog,
    ),
    iea43: new Iea43Service(
      db,
      { configs: new ChannelConfigRepository(db), iea43: new Iea43Repository(db), db },
      stationAccess,
      createTransactor(db, (trx) => ({
        configs: new ChannelConfigRepository(trx),
        iea43: new Iea43Repository(trx),
        db: trx,
      })),
      stationLog,
    ),
  };
}
