import type { TConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import type { Logger } from '../../platform/logger.ts';
import { createKeySource, SecretBox } from '../../platform/secrets/secret-box.ts';
import type { StationAccess } from '../access/index.ts';
import type { TIngestion } from '../ingestion/index.ts';
import { SmtpSender } from '../mail/index.ts';
import { DataFetchRunner } from './data-fetch.runner.ts';
import { DataSourceRepository } from './data-sources.repository.ts';
import { DataSourceService } from './data-sources.service.ts';
import { FileMatchRuleRepository } from './file-match-rules.repository.ts';
import { FileMatchRuleService } from './file-match-rules.service.ts';

export interface TDataSourceServices {
  fileMatchRules: FileMatchRuleService;
  dataSources: DataSourceService;
  /** Sending e-mail through a source's SMTP server (repairs, reminders, reports). */
  smtp: SmtpSender;
}

/**
 * Wires the data-source module. `ingestion` is read when a file arrives (not at wiring time), so the
 * composition root can build the ingestion service in the same breath.
 */
export function buildDataSourceServices(
  db: Database,
  config: TConfig,
  log: Logger,
  deps: { stationAccess: StationAccess; ingestion: () => TIngestion },
): TDataSourceServices {
  const sources = new DataSourceRepository(db);
  const rules = new FileMatchRuleRepository(db);
  // Same key handling as password records (PASSWORD_RECORD_KEY or <DATA_DIR>/secret.key), own HKDF purpose.
  const box = new SecretBox(
    createKeySource({
      configuredSecret: config.PASSWORD_RECORD_KEY,
      dataDir: config.dataDirAbs,
      purpose: 'data-source-secret',
    }),
  );
  const moduleLog = log.child({ module: 'data-sources' });
  const ingestion: TIngestion = {
    ingestFile: (input) => deps.ingestion().ingestFile(input),
    hasSourceRef: (source, sourceRef) => deps.ingestion().hasSourceRef(source, sourceRef),
  };
  const runner = new DataFetchRunner(sources, rules, box, ingestion, moduleLog, {
    maxItemsPerRun: 500,
    timeoutMs: 20_000,
  });
  const transactor = createTransactor(db, (trx) => ({
    sources: new DataSourceRepository(trx),
    rules: new FileMatchRuleRepository(trx),
  }));
  const smtp = new SmtpSender(db, box, 20_000);
  return {
    smtp,
    fileMatchRules: new FileMatchRuleService(rules, deps.stationAccess, transactor),
    dataSources: new DataSourceService(
      sources,
      rules,
      box,
      runner,
      deps.stationAccess,
      transactor,
      moduleLog,
      {
        pullWaitMs: 60_000,
        timeoutMs: 20_000,
      },
      smtp,
    ),
  };
}
