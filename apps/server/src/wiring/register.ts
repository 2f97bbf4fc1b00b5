import type { StationAccess } from '../modules/access/index.ts';
import { ManufacturerRepository, ManufacturerService } from '../modules/manufacturers/index.ts';
import { OwnerRepository, OwnerService } from '../modules/owners/index.ts';
import { PersonalConfigRepository, PersonalConfigService } from '../modules/personal-config/index.ts';
import { ReferenceService } from '../modules/reference/index.ts';
import {
  AttachmentRepository,
  AttachmentService,
  ChannelConfigRepository,
  ChannelConfigService,
  PasswordRecordRepository,
  PasswordRecordService,
} from '../modules/station-assets/index.ts';
import type { StationLogService } from '../modules/station-log/index.ts';
import { StationRepository, StationService } from '../modules/stations/index.ts';
import { TagRepository, TagService } from '../modules/tags/index.ts';
import type { TConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { createTransactor } from '../platform/db/transaction.ts';
import type { TConfiguredFileStore } from '../platform/files/create-file-store.ts';
import type { Logger } from '../platform/logger.ts';
import { createKeySource, SecretBox } from '../platform/secrets/secret-box.ts';
import type { TServices } from '../server.ts';

/**
 * The site register (sites, owners, manufacturers, tags, personal config, reference data) and the site's
 * assets (attachments, password records, channel configurations).
 */
export function buildRegisterServices(
  db: Database,
  config: TConfig,
  log: Logger,
  shared: { stationAccess: StationAccess; stationLog: StationLogService; files: TConfiguredFileStore },
): Pick<
  TServices,
  | 'stations'
  | 'owners'
  | 'manufacturers'
  | 'tags'
  | 'personalConfig'
  | 'reference'
  | 'attachments'
  | 'passwordRecords'
  | 'channelConfigs'
> {
  const { stationAccess, stationLog, files: rawFileStore } = shared;
  return {
    stations: new StationService(
      new StationRepository(db),
      stationAccess,
      stationLog,
      createTransactor(db, (trx) => ({ stations: new StationRepository(trx), db: trx })),
    ),
    owners: new OwnerService(
      new OwnerRepository(db),
      createTransactor(db, (trx) => ({ owners: new OwnerRepository(trx) })),
    ),
    manufacturers: new ManufacturerService(
      new ManufacturerRepository(db),
      createTransactor(db, (trx) => ({ manufacturers: new ManufacturerRepository(trx) })),
    ),
    tags: new TagService(
      new TagRepository(db),
      createTransactor(db, (trx) => ({ tags: new TagRepository(trx) })),
    ),
    personalConfig: new PersonalConfigService(
      new PersonalConfigRepository(db),
      createTransactor(db, (trx) => ({ configs: new PersonalConfigRepository(trx) })),
    ),
    reference: new ReferenceService(new StationRepository(db)),
    attachments: new AttachmentService(
      new AttachmentRepository(db),
      stationAccess,
      rawFileStore,
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
  };
}
