import type { TChannelElement, TFileKind, TRecognizedChannel } from '@masthub/shared';
import { defaultUnit, normalizeUnit, parseChannelName, statisticOfProcessing } from './channel-names.ts';

/** What the header block says about one column. */
export interface TColumnHeader {
  /** 1-based. */
  column: number;
  name: string;
  /** Units row text (TOA5 line 3, a units row under a generic header), '' when none. */
  unitText: string;
  /** Campbell processing row text (Avg, Max, Std, WVc, …), '' when none. */
  processing: string;
  /** Sampled values were all text (not numbers, not missing tokens). */
  isText: boolean;
  /** Sampled values were all empty. */
  isEmpty: boolean;
}

/** Sensor facts from an NRG `Sensor History` block, by channel number. */
export interface TSensorFacts {
  description: string;
  heightM: number | null;
  units: string;
  type: string;
}

export interface TBuildChannelsOptions {
  kind: TFileKind;
  sensors?: Map<number, TSensorFacts>;
  /** Speed unit stated in the header block (Windographer-style 'Calm threshold = 1 mph'). */
  speedUnit?: string;
  /** The one height the header block states (Vortex `Hub-Height=100`): of wind columns naming none. */
  headerHeightM?: number;
}

const SENSOR_ELEMENT_WORDS: [TChannelElement, RegExp][] = [
  ['wd', /vane|direction/i],
  ['ws', /anem|speed|cup/i],
  ['RH', /\bRH|humi/i],
  ['p', /baro|\bBP|pressure/i],
  ['T', /temp/i],
  ['ghi', /pyra|irradiance|solar|radiation/i],
  ['prcp', /rain|precip/i],
  ['voltage', /batt|volt/i],
];

function keyHeight(h: number): string {
  return Number.isInteger(h) ? String(h) : String(h);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

/**
 * Channels of the value columns, with unique data keys ('ws_80_N_mean'; '_2' for a second sensor with
 * the same key). Skips the record number, NRG `NotUsed`, text and empty columns, saying so in warnings.
 */
export function buildChannels(
  columns: readonly TColumnHeader[],
  options: TBuildChannelsOptions,
): { channels: TRecognizedChannel[]; warnings: string[] } {
  const channels: TRecognizedChannel[] = [];
  const warnings: string[] = [];
  const textColumns: string[] = [];
  const unused: string[] = [];
  const keys = new Set<string>();
  let heightsFromDescription = false;
  let prev: TRecognizedChannel | null = null;
  for (const col of columns) {
    const name = col.name.trim();
    if (/^(record|rn|loggerid|logger id)$/i.test(name) || col.unitText.trim() === 'RN') continue;
    if (col.isEmpty && name === '') continue;
    if (col.isText) {
      textColumns.push(name || `#${col.column}`);
      continue;
    }
    const info = parseChannelName(name);
    if (info.statKey === 'notused') {
      unused.push(name);
      continue;
    }
    let { element, heightM, statistic, statKey, tag } = info;
    const processing = statisticOfProcessing(col.processing);
    if (processing && !/wvc/i.test(col.processing)) [statistic, statKey] = processing;
    let unit = info.unit || (normalizeUnit(col.unitText) ?? col.unitText.trim());
    if (!info.hasElementWord && element === 'other') {
      const nrgChannel = /^Ch(\d+)_/i.exec(name);
      const sensor = nrgChannel ? options.sensors?.get(Number(nrgChannel[1])) : undefined;
      const fromSensor = sensor
        ? SENSOR_ELEMENT_WORDS.find(([, re]) => re.test(`${sensor.type} ${sensor.description}`))
        : undefined;
      if (fromSensor && !(info.statKey === 'gustdir')) element = fromSensor[0];
      else if (prev && info.hasStatisticWord && !info.isIgnored && name !== '' && !/^ch\d/i.test(name)) {
        // 'Standard Deviation' right after 'Average Speed' belongs to that sensor.
        element = prev.element;
        heightM = prev.heightM;
        tag = prev.tag;
        unit = unit || prev.unit;
      }
    }
    if (heightM === null) {
      const nrgChannel = /^Ch(\d+)_/i.exec(name);
      const sensor = nrgChannel ? options.sensors?.get(Number(nrgChannel[1])) : undefined;
      if (sensor?.heightM) heightM = sensor.heightM;
      else if (sensor) {
        const all = [...sensor.description.matchAll(/(?<![\d.])(\d{1,3}(?:\.\d+)?)\s?m\b/g)];
        const last = all[all.length - 1];
        if (last) {
          heightM = Number(last[1]);
          heightsFromDescription = true;
        }
      }
    }
    if (heightM === null && options.headerHeightM !== undefined && (element === 'ws' || element === 'wd')) {
      heightM = options.headerHeightM;
    }
    if (element === 'ws' && options.speedUnit && (unit === '' || unit === 'm/s') && statKey !== 'ti') {
      unit = options.speedUnit;
    }
    if (element === 'T' && unit === 'deg') unit = 'deg_C';
    if (!unit) unit = defaultUnit(element);
    const base =
      element === 'other'
        ? `other_${slug(name) || `col${col.column}`}`
        : `${element}${heightM === null ? '' : `_${keyHeight(heightM)}`}${tag ? `_${tag}` : ''}_${statKey}`;
    let dataKey = base.slice(0, 90);
    for (let n = 2; keys.has(dataKey); n++) dataKey = `${base.slice(0, 90)}_${n}`;
    keys.add(dataKey);
    const channel: TRecognizedChannel = {
      column: col.column,
      name: col.name,
      element,
      heightM,
      statistic,
      unit,
      dataKey,
      tag,
    };
    channels.push(channel);
    if (element !== 'other') prev = channel;
  }
  if (textColumns.length > 0) warnings.push(`textColumnsSkipped:${textColumns.join(', ')}`);
  if (unused.length > 0) warnings.push(`unusedColumnsSkipped:${unused.join(', ')}`);
  if (heightsFromDescription) warnings.push('heightsFromDescription');
  return { channels, warnings };
}
