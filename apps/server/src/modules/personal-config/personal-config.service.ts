import type {
  TPersonalConfigBatchRequest,
  TPersonalConfigListRequest,
  TPersonalConfigRecord,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { PersonalConfigRepository } from './personal-config.repository.ts';

/** What each user's screens remember (site list search fields and columns, …), per type and key. */
export class PersonalConfigService {
  constructor(
    private readonly configs: PersonalConfigRepository,
    private readonly tx: TTransactor<{ configs: PersonalConfigRepository }>,
  ) {}

  async listByType(user: TAuthUser, input: TPersonalConfigListRequest): Promise<TPersonalConfigRecord[]> {
    const rows = await this.configs.listByType(user.id, input.type);
    return rows.map((r) => ({
      type: r.type,
      key: r.key,
      value: r.value,
      updateTime: r.updated_at.toISOString(),
    }));
  }

  /** Writes every item or none; a later item with the same type and key wins. */
  saveBatch(user: TAuthUser, items: TPersonalConfigBatchRequest): Promise<void> {
    return this.tx.run(async ({ configs }) => {
      for (const item of items) await configs.upsert(user.id, item.type, item.key, item.value);
    });
  }
}
