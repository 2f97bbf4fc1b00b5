import type { Database } from '../../platform/db/database.ts';
import { LoginLogRepository } from './login-log.repository.ts';
import { LoginLogService } from './login-log.service.ts';

/** Wires the login-log module: its service over its repository. */
export function createLoginLogService(db: Database): LoginLogService {
  return new LoginLogService(new LoginLogRepository(db));
}
