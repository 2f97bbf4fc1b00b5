import type { TChannelConfigSummary, TChannelIea43, TChannelRecord } from '@masthub/shared';
import { ATTACHMENT_MAX_BYTES } from '@masthub/shared/constants.ts';

/** The attachment kinds of SPEC §5, for the picker's `accept`. */
export const ATTACHMENT_ACCEPT = '.docx,.pdf,.xls,.xlsx';
const ATTACHMENT_EXTENSIONS = ['docx', 'pdf', 'xls', 'xlsx'];

/** Why a picked file cannot be an attachment (checked in the browser before sending), or undefined. */
export function attachmentProblem(
  fileName: string,
  sizeBytes: number,
): 'type' | 'size' | 'empty' | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!extension || !ATTACHMENT_EXTENSIONS.includes(extension)) return 'type';
  if (sizeBytes > ATTACHMENT_MAX_BYTES) return 'size';
  if (sizeBytes === 0) return 'empty';
  return undefined;
}

/**
 * The configuration in force at an instant: the one with the latest effective date not after it
 * (a later configuration does not rewrite the past). Undefined before the first one.
 */
export function configInForceAt<T extends Pick<TChannelConfigSummary, 'effectiveFrom'>>(
  configs: readonly T[],
  at: Date,
): T | undefined {
  let found: T | undefined;
  let foundTime = Number.NEGATIVE_INFINITY;
  for (const config of configs) {
    const time = Date.parse(config.effectiveFrom);
    if (Number.isNaN(time) || time > at.getTime()) continue;
    if (time > foundTime) {
      found = config;
      foundTime = time;
    }
  }
  return found;
}

/** The configurations oldest first, as a timeline reads. */
export function byEffectiveDate<T extends Pick<TChannelConfigSummary, 'effectiveFrom'>>(
  configs: readonly T[],
): T[] {
  return [...configs].sort((a, b) => Date.parse(a.effectiveFrom) - Date.parse(b.effectiveFrom));
}

/** The editable part of a channel (the save body's ZChannel input). */
export interface ChannelDraft {
  channelName: string;
  element: string;
  measurementType: string;
  heightM: number | null;
  /** Task 43 height reference ('' not stated: ground level) and the logger-stated height (issue 44). */
  heightReference: string;
  loggerHeightM: number | null;
  tag: string;
  dataKey: string;
  unit: string;
  statistic: string;
  boomOrientationDeg: number | null;
  sensorMake: string;
  sensorModel: string;
  sensorSerial: string;
  vaneOffsetDeg: number | null;
  calibrationSlope: number | null;
  calibrationOffset: number | null;
  /** What a Task 43 import kept beside the channel: carried through an edit untouched. */
  iea43: TChannelIea43 | null;
}

/** A stored channel as an editable draft (names and ids dropped). */
export function toChannelDraft(channel: TChannelRecord): ChannelDraft {
  return {
    channelName: channel.channelName,
    element: channel.element,
    measurementType: channel.measurementType,
    heightM: channel.heightM,
    heightReference: channel.heightReference,
    loggerHeightM: channel.loggerHeightM,
    tag: channel.tag,
    dataKey: channel.dataKey,
    unit: channel.unit,
    statistic: channel.statistic,
    boomOrientationDeg: channel.boomOrientationDeg,
    sensorMake: channel.sensorMake,
    sensorModel: channel.sensorModel,
    sensorSerial: channel.sensorSerial,
    vaneOffsetDeg: channel.vaneOffsetDeg,
    calibrationSlope: channel.calibrationSlope,
    calibrationOffset: channel.calibrationOffset,
    iea43: channel.iea43,
  };
}

/** An empty channel: a mean wind speed, the most common channel of a mast. */
export function emptyChannel(): ChannelDraft {
  return {
    channelName: '',
    element: 'ws',
    measurementType: '',
    heightM: null,
    heightReference: '',
    loggerHeightM: null,
    tag: '',
    dataKey: '',
    unit: 'm/s',
    statistic: 'mean',
    boomOrientationDeg: null,
    sensorMake: '',
    sensorModel: '',
    sensorSerial: '',
    vaneOffsetDeg: null,
    calibrationSlope: null,
    calibrationOffset: null,
    iea43: null,
  };
}

/** Blank text of optional fields goes as '' and blank numbers as null, as the shared schema expects. */
export function cleanChannel(draft: Partial<ChannelDraft>): ChannelDraft {
  const base = emptyChannel();
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    channelName: text(draft.channelName),
    element: text(draft.element) || base.element,
    measurementType: text(draft.measurementType),
    heightM: number(draft.heightM),
    heightReference: text(draft.heightReference),
    loggerHeightM: number(draft.loggerHeightM),
    tag: text(draft.tag),
    dataKey: text(draft.dataKey),
    unit: text(draft.unit),
    statistic: text(draft.statistic) || base.statistic,
    boomOrientationDeg: number(draft.boomOrientationDeg),
    sensorMake: text(draft.sensorMake),
    sensorModel: text(draft.sensorModel),
    sensorSerial: text(draft.sensorSerial),
    vaneOffsetDeg: number(draft.vaneOffsetDeg),
    calibrationSlope: number(draft.calibrationSlope),
    calibrationOffset: number(draft.calibrationOffset),
    iea43: draft.iea43 ?? null,
  };
}

/** Channels listed by height (highest first), then name, as a mast is read from the top. */
export function sortChannels<T extends Pick<TChannelRecord, 'heightM' | 'channelName'>>(
  channels: readonly T[],
): T[] {
  return [...channels].sort(
    (a, b) =>
      (b.heightM ?? Number.NEGATIVE_INFINITY) - (a.heightM ?? Number.NEGATIVE_INFINITY) ||
      a.channelName.localeCompare(b.channelName),
  );
}
