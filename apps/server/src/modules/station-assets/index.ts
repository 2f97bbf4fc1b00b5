/** The public face of the station-assets module: all that other modules, server.ts and the seed import of it. */

export { attachmentRoutes } from './attachments.routes.ts';
export type { AttachmentService } from './attachments.service.ts';
export { channelConfigRoutes } from './channel-config.routes.ts';
export type { ChannelConfigService } from './channel-config.service.ts';
export {
  configuredChannelMetadata,
  configuredChannelsAt,
  setConfiguredBoomOrientation,
  type TConfiguredChannelMetadata,
} from './channel-metadata.ts';
export type { Iea43Service } from './iea43.service.ts';
export { passwordRecordRoutes } from './password-records.routes.ts';
export type { PasswordRecordService } from './password-records.service.ts';
export { buildStationAssetServices, type TStationAssetServices } from './station-assets.module.ts';
