/** The public face of the station-assets module: all that other modules, server.ts and the seed import of it. */

export { AttachmentRepository } from './attachments.repository.ts';
export { attachmentRoutes } from './attachments.routes.ts';
export { AttachmentService } from './attachments.service.ts';
export { ChannelConfigRepository } from './channel-config.repository.ts';
export { channelConfigRoutes } from './channel-config.routes.ts';
export { ChannelConfigService } from './channel-config.service.ts';
export { PasswordRecordRepository } from './password-records.repository.ts';
export { passwordRecordRoutes } from './password-records.routes.ts';
export { PasswordRecordService } from './password-records.service.ts';
