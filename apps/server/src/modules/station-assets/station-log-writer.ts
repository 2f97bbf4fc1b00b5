import type { TText } from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';

/**
 * What the site-asset services need of the station log (modules/station-log): one row written with
 * the caller's transaction, so the log commits or rolls back with the change it describes.
 */
export interface TStationLogWriter {
  record(
    db: Database,
    entry: {
      operator: Pick<TAuthUser, 'id' | 'account' | 'userName'>;
      type: 'add' | 'edit' | 'delete';
      stationId: number | null;
      location: 'attachments' | 'passwordRecords' | 'channelConfiguration';
      objects: TText;
      details?: unknown;
    },
  ): Promise<void>;
}
