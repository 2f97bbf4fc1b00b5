import type {
  TDoubt,
  TDoubtField,
  TDoubtReason,
  TEvidenceKey,
  TFileKind,
  TInference,
  TInferenceConfidence,
  TRecognizedChannel,
} from '@masthub/shared';
import {
  defaultUnit,
  ELEMENT_BY_UNIT,
  normalizeUnit,
  parseChannelName,
  statisticOfProcessing,
} from './channel-names.ts';
import { sensorChannelElementOf } from './name-vocabulary.ts';

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
  /** The column's height in a heights row under the names (`height,0,2,10`), '' when none. */
  heightText?: string;
}

/** Sensor facts from an NRG `Sensor History` block, by channel number. */
export interface TSensorFacts {
  description: string;
  /** What a multi-quantity sensor's channel measures (NRG `Measurand: Wind Speed Fast`), '' when not said. */
  measurand: string;
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

/** An inference and what it was read from (`key:text`, issue 40). */
function ev(confidence: TInferenceConfidence, key: TEvidenceKey, text = ''): TInference {
  return { confidence, evidence: text === '' ? key : `${key}:${text.slice(0, 200)}` };
}

/** A doubt about one part of a column (issue 40): id `field:column`, stable for the same layout. */
export function columnDoubt(
  field: TDoubtField,
  column: number,
  reason: TDoubtReason,
  params: TDoubt['params'],
  suggestion?: TDoubt['suggestion'],
): TDoubt {
  return { id: `${field}:${column}`, field, column, reason, params, ...(suggestion ? { suggestion } : {}) };
}

/** The sensor of an NRG `ChN_…` column, if the header block described it. */
function sensorOf(name: string, options: TBuildChannelsOptions): TSensorFacts | undefined {
  const nrgChannel = /^Ch(\d+)_/i.exec(name);
  return nrgChannel ? options.sensors?.get(Number(nrgChannel[1])) : undefined;
}

/**
 * Channels of the value columns, with unique data keys ('ws_80_N_mean'; '_2' for a second sensor with
 * the same key), each with what its element, statistic, height and unit were read from; and the doubts
 * that reading leaves (a unit the file states but MastHub does not know, an element nothing names, a
 * height taken from a description or not found, a sensor description contradicting the name). Skips the
 * record number, NRG `NotUsed`, text and empty columns, saying so in warnings.
 */
export function buildChannels(
  columns: readonly TColumnHeader[],
  options: TBuildChannelsOptions,
): { channels: TRecognizedChannel[]; warnings: string[]; doubts: TDoubt[] } {
  const channels: TRecognizedChannel[] = [];
  const warnings: string[] = [];
  const doubts: TDoubt[] = [];
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
    const sensor = sensorOf(name, options);

    // Statistic: the processing row states it, a name word names it, else the mean is assumed.
    let statisticEv = info.hasStatisticWord
      ? ev('convention', 'nameWord', info.said.statistic)
      : ev('assumed', 'defaultMean');
    const processing = statisticOfProcessing(col.processing);
    // `Smp` says the logger stored the sensor's value as sent: a statistic the name states is the sensor's.
    const sampleOfNamed = /^smp$/i.test(col.processing.trim()) && info.hasStatisticWord;
    if (processing && !/wvc/i.test(col.processing) && !sampleOfNamed) {
      [statistic, statKey] = processing;
      statisticEv = ev('stated', 'processingRow', col.processing.trim());
    }

    // Unit: the name's, else the units row's, else the sensor's; a stated unit MastHub cannot read is a doubt.
    const rowUnitText = col.unitText.trim();
    const rowUnit = normalizeUnit(rowUnitText);
    const sensorUnit = sensor ? normalizeUnit(sensor.units) : null;
    let unit = info.unit;
    let unitEv = ev('stated', 'nameUnit', info.said.unit);
    let unknownUnitText = '';
    if (!unit && rowUnit !== null) {
      unit = rowUnit;
      unitEv = ev('stated', 'unitRow', rowUnitText);
    } else if (!unit && sensorUnit !== null) {
      unit = sensorUnit;
      unitEv = ev('stated', 'sensorDescription', sensor!.units);
    } else if (!unit && rowUnitText !== '' && !/^(TS|RN)$/i.test(rowUnitText)) {
      unknownUnitText = rowUnitText;
    } else if (!unit && sensor && sensor.units.trim() !== '') {
      unknownUnitText = sensor.units.trim();
    }

    // Element: a sensor description states it, a name word names it, a unit implies it, a neighbour lends it.
    let elementEv = info.hasElementWord
      ? ev('convention', 'nameWord', info.said.element)
      : info.said.elementFromUnit
        ? ev('convention', 'unitImplies', info.said.unit)
        : ev('assumed', 'none');
    let isNeighbour = false;
    // The measurand of a multi-quantity sensor, else its description and type; the unit only when they name nothing.
    const fromSensor = sensor ? sensorChannelElementOf(sensor) : null;
    if (fromSensor && info.statKey !== 'gustdir') {
      if (info.hasElementWord && element !== fromSensor[0]) {
        doubts.push(
          columnDoubt('element', col.column, 'elementConflict', {
            sensor: sensor!.description,
            name,
            element: fromSensor[0],
          }),
        );
      }
      element = fromSensor[0];
      elementEv = ev('stated', 'sensorDescription', fromSensor[1]);
    } else if (!info.hasElementWord && element === 'other') {
      const implied = unit ? ELEMENT_BY_UNIT[unit] : undefined;
      if (implied && !info.isIgnored) {
        element = implied;
        elementEv = ev('convention', 'unitImplies', unitEv.evidence.split(':').slice(1).join(':') || unit);
      } else if (prev && info.hasStatisticWord && !info.isIgnored && name !== '' && !/^ch\d/i.test(name)) {
        // 'Standard Deviation' right after 'Average Speed' belongs to that sensor.
        element = prev.element;
        heightM = prev.heightM;
        tag = prev.tag;
        unit = unit || prev.unit;
        elementEv = ev('convention', 'neighbour', prev.name);
        isNeighbour = true;
      }
    }

    // Height: the name's, the sensor's, a description's, the header's one height.
    let heightEv =
      heightM === null ? ev('assumed', 'none') : ev('convention', 'nameHeight', info.said.height);
    if (isNeighbour && heightM !== null) heightEv = ev('convention', 'neighbour', prev!.name);
    if (heightM === null && sensor) {
      if (sensor.heightM) {
        heightM = sensor.heightM;
        heightEv = ev('stated', 'sensorDescription', `Height: ${sensor.heightM}`);
      } else {
        const all = [...sensor.description.matchAll(/(?<![\d.])(\d{1,3}(?:\.\d+)?)\s?m(?![A-Za-z0-9])/g)];
        const last = all[all.length - 1];
        if (last) {
          heightM = Number(last[1]);
          heightsFromDescription = true;
          heightEv = ev('convention', 'sensorDescription', sensor.description);
          doubts.push(columnDoubt('height', col.column, 'heightFromDescription', { height: heightM }));
        }
      }
    }
    const rowHeight = Number.parseFloat(col.heightText ?? '');
    if (heightM === null && Number.isFinite(rowHeight) && rowHeight > 0) {
      heightM = rowHeight;
      heightEv = ev('stated', 'heightRow', col.heightText!.trim());
    }
    if (heightM === null && options.headerHeightM !== undefined && (element === 'ws' || element === 'wd')) {
      heightM = options.headerHeightM;
      heightEv = ev('stated', 'headerLine', `Hub-Height=${options.headerHeightM}`);
    }

    if (element === 'ws' && options.speedUnit && (unit === '' || unit === 'm/s') && statKey !== 'ti') {
      unit = options.speedUnit;
      unitEv = ev('stated', 'headerLine', options.speedUnit);
    }
    if (element === 'T' && unit === 'deg') unit = 'deg_C';
    if (!unit) {
      unit = defaultUnit(element);
      unitEv = ev('assumed', 'defaultUnit', unit);
    }
    if (unknownUnitText !== '') {
      unitEv = ev('assumed', 'unitRow', unknownUnitText);
      doubts.push(columnDoubt('unit', col.column, 'unitUnknown', { text: unknownUnitText, unit }));
    }
    if (isNeighbour) {
      doubts.push(
        columnDoubt('element', col.column, 'elementUnstated', { element, evidence: elementEv.evidence }),
      );
    }
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
      evidence: { element: elementEv, statistic: statisticEv, height: heightEv, unit: unitEv },
    };
    if ((element === 'ws' || element === 'wd') && heightM === null) {
      doubts.push(columnDoubt('height', col.column, 'heightUnstated', { element }));
    }
    channels.push(channel);
    if (element !== 'other') prev = channel;
  }
  if (textColumns.length > 0) warnings.push(`textColumnsSkipped:${textColumns.join(', ')}`);
  if (unused.length > 0) warnings.push(`unusedColumnsSkipped:${unused.join(', ')}`);
  if (heightsFromDescription) warnings.push('heightsFromDescription');
  return { channels, warnings, doubts };
}

const MINUTES_PER_INTERVAL_UNIT: [RegExp, number][] = [
  [/^s/i, 1 / 60],
  [/^m/i, 1],
  [/^h/i, 60],
];

/**
 * A statistic over a longer interval than the record's (Krova `Wind speed max/3h` in a 10-minute file,
 * issue 40): the maximum of three hours is not the record's maximum, so it is read as statistic `other`,
 * the interval in its data key and its evidence. An interval equal to the record's (`Wind speed 10min`)
 * changes nothing; without a step (one row) nothing is changed either.
 */
export function markLongerIntervalStatistics(
  channels: TRecognizedChannel[],
  stepMinutes: number | null,
): void {
  if (stepMinutes === null) return;
  const keys = new Set(channels.map((c) => c.dataKey));
  for (const channel of channels) {
    if (channel.statistic === 'other' || channel.element === 'other') continue;
    const m =
      /(?<![\d.])(\d{1,3})\s?(min|mins|minute|minutes|h|hr|hrs|hour|hours|sec|secs|second|seconds)(?![A-Za-z])/i.exec(
        channel.name,
      );
    if (!m) continue;
    const perUnit = MINUTES_PER_INTERVAL_UNIT.find(([re]) => re.test(m[2]!))![1];
    if (Number(m[1]) * perUnit <= stepMinutes * 1.01) continue;
    const interval = m[0].replace(/\s+/g, '');
    channel.statistic = 'other';
    if (channel.evidence) channel.evidence.statistic = ev('convention', 'nameWord', interval);
    keys.delete(channel.dataKey);
    const base = `${channel.dataKey}_${interval.toLowerCase()}`.slice(0, 90);
    let dataKey = base;
    for (let n = 2; keys.has(dataKey); n++) dataKey = `${base}_${n}`;
    keys.add(dataKey);
    channel.dataKey = dataKey;
  }
}
