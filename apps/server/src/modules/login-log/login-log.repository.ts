import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';

export interface TLoginLogFilter {
  pageNo: number;
  pageSize: number;
  account?: string | undefined;
  userName?: string | undefined;
  ip?: string | undefined;
  result?: 'success' | 'failure' | undefined;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
}

/** Reads the login log (login_attempt rows, written by identity at each attempt), newest first. */
export class LoginLogRepository {
  constructor(private readonly db: Database) {}

  async page(filter: TLoginLogFilter) {
    let query = this.db.selectFrom('login_attempt as a').leftJoin('app_user as u', 'u.id', 'a.user_id');
    if (filter.account) query = query.where('a.account', 'ilike', likeContains(filter.account));
    if (filter.userName) {
      const pattern = likeContains(filter.userName);
      query = query.where((eb) => eb.fn.coalesce('a.user_name', 'u.user_name'), 'ilike', pattern);
    }
    if (filter.ip) query = query.where('a.ip', 'ilike', likeContains(filter.ip));
    if (filter.result) query = query.where('a.success', '=', filter.result === 'success');
    if (filter.startTime) query = query.where('a.created_at', '>=', filter.startTime);
    if (filter.endTime) query = query.where('a.created_at', '<=', filter.endTime);
    const { rows: records, total } = await readPage(
      query,
      query
        .select((eb) => [
          'a.id',
          'a.account',
          'a.ip',
          'a.success',
          'a.reason',
          'a.created_at',
          'a.role_name',
          'a.user_type',
          'a.actor_account',
          'a.token_name',
          // Rows written before the snapshot columns existed fall back to the user's current name.
          eb.fn.coalesce('a.user_name', 'u.user_name').as('user_name'),
        ])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc'),
      filter,
    );
    return { records, total };
  }
}
