/** The public face of the messages module: all that other modules, server.ts and the seed import of it. */

export type { TChange, TChangeAudience } from './changes.ts';
export { createMessageService } from './messages.module.ts';
export { messageRoutes } from './messages.routes.ts';
export { MessageService } from './messages.service.ts';
export { RealtimeHub } from './realtime.ts';
