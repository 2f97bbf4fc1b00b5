import {
  displayPersonName,
  displayRoleName,
  type Language,
  type TLoginLogPageRequest,
  type TLoginLogRecord,
  type TPage,
} from '@masthub/shared';
import { presentPage } from '../../platform/db/paging.ts';
import type { LoginLogRepository } from './login-log.repository.ts';

/** The login log page (SPEC §3 Login log): account, name, role, ip, time, user type and result. */
export class LoginLogService {
  constructor(private readonly log: LoginLogRepository) {}

  async page(filter: TLoginLogPageRequest, language: Language): Promise<TPage<TLoginLogRecord>> {
    const { records, total } = await this.log.page(filter);
    return presentPage(filter, { rows: records, total }, (r) => ({
      id: r.id,
      operatorAccount: r.account,
      // Names as the record kept them; built-in ones (the administrator, MastHub's roles) in the reader's language.
      operatorName: displayPersonName(r.user_name, language),
      roleName: displayRoleName(r.role_name, undefined, language),
      ip: r.ip,
      operateTime: r.created_at.toISOString(),
      userType: r.user_type,
      result: r.success ? 'success' : 'failure',
      reason: r.reason,
      actorAccount: r.actor_account,
      tokenName: r.token_name,
    }));
  }
}
