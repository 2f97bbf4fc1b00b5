import type { Database } from '../../platform/db/database.ts';
import { MessageRepository } from './messages.repository.ts';
import { MessageService } from './messages.service.ts';

/** Wires the messages module: its service over its repository. */
export function createMessageService(db: Database): MessageService {
  return new MessageService(new MessageRepository(db));
}
