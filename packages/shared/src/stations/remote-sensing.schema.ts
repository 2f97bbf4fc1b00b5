import { z } from 'zod';

/** One channel a remote-sensing device gives at a height (speed mean/SD/min/max, direction, CNR…). */
export const ZRemoteSensingChannel = z.object({
  channelId: z.number().int(),
  name: z.string(),
  dataKey: z.string(),
  /** A CHANNEL_ELEMENTS key (ws, wd, wsv, cnr, avail, qf, dsb…) and its name in the request language. */
  element: z.string(),
  elementName: z.string(),
  statistic: z.string(),
  unit: z.string(),
});
export type TRemoteSensingChannel = z.infer<typeof ZRemoteSensingChannel>;

/**
 * GET /web/station/remote_sensing (issue 31): a site's measurement type, its device, and per measurement
 * height the channels of its original data (heights the site lists without data have no channels).
 */
export const ZRemoteSensingProfile = z.object({
  stationId: z.number().int(),
  /** met_mast / lidar / sodar / floating_lidar, and its name in the request language. */
  stationType: z.string(),
  stationTypeName: z.string(),
  isRemoteSensing: z.boolean(),
  deviceModel: z.string(),
  deviceSerial: z.string(),
  deviceFirmware: z.string(),
  heights: z.array(z.object({ heightM: z.number(), channels: z.array(ZRemoteSensingChannel) })),
  /** Channels without a height (the device's temperature, pressure, battery…). */
  siteChannels: z.array(ZRemoteSensingChannel),
});
export type TRemoteSensingProfile = z.infer<typeof ZRemoteSensingProfile>;
