import type { TRecognizedChannel } from '@masthub/shared';

/** A linear conversion of a file's unit into MastHub's: stored = value × scale + offset. */
export interface TUnitConversion {
  unit: string;
  scale: number;
  offset: number;
}

/**
 * Units a logger may write that MastHub does not store (WIND-ANALYSIS §0: speed m/s, T °C, p hPa, irradiance W/m²), with
 * the conversion into the stored unit. Keys are the normalised spellings of channel-names.ts.
 */
export const UNIT_CONVERSIONS: Readonly<Record<string, TUnitConversion>> = {
  mph: { unit: 'm/s', scale: 0.44704, offset: 0 },
  knots: { unit: 'm/s', scale: 1852 / 3600, offset: 0 },
  'km/h': { unit: 'm/s', scale: 1 / 3.6, offset: 0 },
  'ft/s': { unit: 'm/s', scale: 0.3048, offset: 0 },
  deg_F: { unit: 'deg_C', scale: 5 / 9, offset: (-32 * 5) / 9 },
  K: { unit: 'deg_C', scale: 1, offset: -273.15 },
  kPa: { unit: 'hPa', scale: 10, offset: 0 },
  Pa: { unit: 'hPa', scale: 0.01, offset: 0 },
  // Tenths of a hectopascal, as some weather stations write pressure (9663 = 966.3 hPa).
  daPa: { unit: 'hPa', scale: 0.1, offset: 0 },
  inHg: { unit: 'hPa', scale: 33.8638866667, offset: 0 },
  mmHg: { unit: 'hPa', scale: 1.33322387415, offset: 0 },
  // LoggerNet's `SlrkW` irradiance (issue 40).
  'kW/m^2': { unit: 'W/m^2', scale: 1000, offset: 0 },
};

/** The conversion a channel's values need, judged by the file's unit (sourceUnit once converted). */
export function conversionOf(
  channel: Pick<TRecognizedChannel, 'unit' | 'sourceUnit'>,
): TUnitConversion | null {
  return UNIT_CONVERSIONS[channel.sourceUnit || channel.unit] ?? null;
}

/** The channel as stored: MastHub's unit, with the file's unit kept as `sourceUnit`. */
export function storedChannel(channel: TRecognizedChannel): TRecognizedChannel {
  const conversion = conversionOf(channel);
  if (!conversion) return channel;
  return { ...channel, unit: conversion.unit, sourceUnit: channel.sourceUnit || channel.unit };
}

/**
 * Converts parsed values in place into MastHub's units. A standard deviation scales but never shifts
 * (σ of °F → σ of °C is × 5/9 only). Missing values (NaN) stay missing.
 */
export function convertToStoredUnits(channel: TRecognizedChannel, values: Float32Array): TRecognizedChannel {
  const conversion = conversionOf(channel);
  if (!conversion) return channel;
  const { scale } = conversion;
  const offset = channel.statistic === 'sd' ? 0 : conversion.offset;
  for (let i = 0; i < values.length; i++) values[i] = values[i]! * scale + offset;
  return storedChannel(channel);
}
