/**
 * The IEA Wind Task 43 WRA data model's lists (schema 1.3.0-2024.03) that MastHub's channels pick from:
 * measurement types and units, as code (a test compares them with the official schema in ../shared), the
 * statistics, height references and station types, and what a typed value means in them (°C → deg_C).
 */

/** `measurement_type_id` (definitions.measurement_type). */
export const IEA43_MEASUREMENT_TYPES = [
  'wind_speed',
  'wind_direction',
  'air_temperature',
  'water_temperature',
  'temperature',
  'air_pressure',
  'air_density',
  'relative_humidity',
  'voltage',
  'current',
  'resistance',
  'power',
  'energy',
  'vertical_wind_speed',
  'wind_speed_turbulence',
  'precipitation',
  'ice_detection',
  'global_horizontal_irradiance',
  'direct_normal_irradiance',
  'diffuse_horizontal_irradiance',
  'global_tilted_irradiance',
  'global_normal_irradiance',
  'albedo',
  'soiling_loss_index',
  'illuminance',
  'fog',
  'salinity',
  'conductivity',
  'pressure',
  'gps_coordinates',
  'status',
  'flag',
  'counter',
  'availability',
  'quality',
  'carrier_to_noise_ratio',
  'doppler_spectral_broadening',
  'echo_intensity',
  'signal_to_noise_ratio',
  'motion_corrected_wind_speed',
  'motion_corrected_wind_direction',
  'motion_corrected_vertical_wind_speed',
  'wave_height',
  'wave_significant_height',
  'wave_maximum_height',
  'wave_direction',
  'wave_directional_spread',
  'wave_period',
  'wave_peak_period',
  'water_speed',
  'vertical_water_speed',
  'water_direction',
  'orientation',
  'compass_direction',
  'true_north_offset',
  'tilt',
  'tilt_x',
  'tilt_y',
  'tilt_z',
  'u',
  'v',
  'w',
  'elevation',
  'altitude',
  'height',
  'azimuth',
  'water_level',
  'depth',
  'timestamp',
  'obukhov_length',
  'other',
] as const;
export type TIea43MeasurementType = (typeof IEA43_MEASUREMENT_TYPES)[number];

/** `measurement_units_id` of a logger measurement config (null aside). */
export const IEA43_UNITS = [
  'm/s',
  'cm/s',
  'mm/s',
  'mph',
  'knots',
  'deg',
  'deg_C',
  'deg_F',
  'K',
  '%',
  'mbar',
  'dbar',
  'hPa',
  'atm',
  'mmHg',
  'inHg',
  'kg/m^2',
  'kg/m^3',
  'V',
  'mA',
  'A',
  'ohm',
  'Hz',
  'mm',
  'm',
  's',
  'W/m^2',
  'W',
  'kW',
  'MW',
  'kWh',
  'MWh',
  'm/s^2',
  'lux',
  'dB',
  'L',
  'g/L',
  'g/kg',
  'ppt',
  'psu',
  'S/m',
  '-',
] as const;
export type TIea43Unit = (typeof IEA43_UNITS)[number];

/** `statistic_type_id` of a column. */
export const IEA43_STATISTIC_TYPES = [
  'avg',
  'sd',
  'max',
  'min',
  'count',
  'availability',
  'quality',
  'sum',
  'median',
  'mode',
  'range',
  'gust',
  'ti',
  'ti30sec',
  'text',
] as const;

/** `height_reference_id` of a measurement point (null aside). */
export const IEA43_HEIGHT_REFERENCES = [
  'ground_level',
  'mean_sea_level',
  'sea_level',
  'lowest_astronomical_tide',
  'sea_floor',
  'other',
] as const;
export type TIea43HeightReference = (typeof IEA43_HEIGHT_REFERENCES)[number];

/** References a point may lie below (water sensors of a buoy): a negative height is refused above ground. */
export function heightMayBeNegative(reference: string): boolean {
  return reference !== '' && reference !== 'ground_level';
}

/** `measurement_station_type_id` of a measurement location. */
export const IEA43_STATION_TYPES = [
  'mast',
  'lidar',
  'sodar',
  'floating_lidar',
  'wave_buoy',
  'adcp',
  'solar',
  'virtual_met_mast',
  'reanalysis',
] as const;

/** `logger_oem_id` of a logger main config. */
export const IEA43_LOGGER_OEMS = [
  'NRG Systems',
  'Ammonit',
  'Campbell Scientific',
  'Vaisala',
  'SecondWind',
  'Kintech',
  'Wilmers',
  'Unidata',
  'WindLogger',
  'Leosphere',
  'ZX Lidars',
  'AXYS Technologies',
  'AQSystem',
  'Pentaluum',
  'Nortek',
  'Teledyne RDI',
  'Aanderaa',
  'Other',
] as const;

/** Units as people type them, with the list's spelling (case and spaces aside). */
const UNIT_ALIASES: Record<string, TIea43Unit> = {
  '°c': 'deg_C',
  '℃': 'deg_C',
  degc: 'deg_C',
  c: 'deg_C',
  '°f': 'deg_F',
  degf: 'deg_F',
  '°': 'deg',
  degree: 'deg',
  degrees: 'deg',
  'm s-1': 'm/s',
  'm s^-1': 'm/s',
  mps: 'm/s',
  kn: 'knots',
  kt: 'knots',
  mb: 'mbar',
  'kg/m3': 'kg/m^3',
  'kg m-3': 'kg/m^3',
  'w/m2': 'W/m^2',
  'w m-2': 'W/m^2',
  'kg/m2': 'kg/m^2',
  'm/s2': 'm/s^2',
  pct: '%',
  percent: '%',
  v: 'V',
  ohms: 'ohm',
  Ω: 'ohm',
  lx: 'lux',
  sec: 's',
  db: 'dB',
  hz: 'Hz',
};

const UNIT_BY_LOWER = new Map<string, TIea43Unit>(IEA43_UNITS.map((u) => [u.toLowerCase(), u]));

/**
 * The official unit a typed one means: '' stays '' (not stated), the list's own spelling, an alias
 * (°C → deg_C), else undefined (not a Task 43 unit).
 */
export function iea43UnitOf(typed: string): TIea43Unit | '' | undefined {
  const text = typed.trim();
  if (text === '') return '';
  if ((IEA43_UNITS as readonly string[]).includes(text)) return text as TIea43Unit;
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  return UNIT_BY_LOWER.get(lower) ?? UNIT_ALIASES[lower] ?? UNIT_ALIASES[text];
}

/** Measurement types as people type them. */
const MEASUREMENT_TYPE_ALIASES: Record<string, TIea43MeasurementType> = {
  icing: 'ice_detection',
  ice: 'ice_detection',
  battery: 'voltage',
  battery_voltage: 'voltage',
  rain: 'precipitation',
  humidity: 'relative_humidity',
  pressure_air: 'air_pressure',
  ti: 'wind_speed_turbulence',
  turbulence_intensity: 'wind_speed_turbulence',
  cnr: 'carrier_to_noise_ratio',
  snr: 'signal_to_noise_ratio',
  heading: 'compass_direction',
};

/** The official measurement type a typed one means ('' stays ''), else undefined. */
export function iea43MeasurementTypeOf(typed: string): TIea43MeasurementType | '' | undefined {
  const text = typed.trim();
  if (text === '') return '';
  const key = text.toLowerCase().replace(/[\s-]+/g, '_');
  if ((IEA43_MEASUREMENT_TYPES as readonly string[]).includes(key)) return key as TIea43MeasurementType;
  return MEASUREMENT_TYPE_ALIASES[key];
}
