/** Business constants and limits of SPEC §9. */
export const DEFAULT_MAIN_COLOR = 'rgb(5,160,69)';
export const REQUEST_TIMEOUT_MS = 90_000;
export const RECOGNITION_TIMEOUT_MS = 180_000;
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;
export const PAGE_SIZE = 20;
export const WIND_TABLE_MAX_ROWS = 500;
export const ATTACHMENT_MAX_BYTES = 200 * 1024 * 1024;
export const FIXED_COLUMNS_MAX = 5;
export const CLUSTER_WARNING_SITES = 1000;
export const CORRECTION_ANGLE_MAX_DEG = 15;
export const WIND_SPEED_SELECTION = { min: 2, max: 12 } as const;
export const STATISTICAL_YEARS_MAX = 3;
export const TARGET_HEIGHT_MAX_M = 500;
export const SECTOR_WIDTH_MAX_DEG = 180;
export const HEARTBEAT_INTERVAL_MS = 10_000;
export const SOCKET_CONNECT_DELAY_MS = 1_000;
export const NOTIFICATION_DURATION_S = 3;
export const NOTIFICATION_TOP_PX = 70;
export const FREE_TEXT_MAX = 20;
export const REASON_TEXT_MAX = 50;
export const TAG_COLUMN_WIDTH = 320;
export const DATE_COLUMN_WIDTH = 170;

/**
 * Export formats of SPEC §9, Parquet / Arrow IPC (issue 32) and the flow-model wind climates (issue 46 §2:
 * WAsP .owc, windIO energy resource), by their numeric code.
 */
export const EXPORT_FORMATS = [
  { code: 0, key: 'raw' },
  { code: 1, key: 'timeSeriesCsv' },
  { code: 2, key: 'meteodynTim' },
  { code: 3, key: 'windsimTws' },
  { code: 4, key: 'windographerTxt' },
  { code: 5, key: 'waspTab' },
  { code: 6, key: 'parquet' },
  { code: 7, key: 'arrow' },
  { code: 8, key: 'waspOwc' },
  { code: 9, key: 'windioResource' },
] as const;
/** The highest export format code (9, windIO energy resource). */
export const EXPORT_FORMAT_MAX = 9;
/**
 * The formats written from one speed and one direction: Meteodyn .tim, WindSim .tws, WAsP .tab and the
 * wind climates of flow models (WAsP .owc, windIO energy resource).
 */
export const PAIR_EXPORT_FORMATS: readonly number[] = [2, 3, 5, 8, 9];

/** Site status codes and their colours (SPEC §3). Any other code is black. */
export const STATION_STATUS_COLORS: Record<number, string> = {
  [-1]: '#6b8aa6',
  0: '#05a045',
  1: '#e53935',
  2: '#1e88e5',
  3: '#fb8c00',
};
export function stationStatusColor(status: number): string {
  return STATION_STATUS_COLORS[status] ?? '#000000';
}

/** Data recovery colour bands in percent (SPEC §9). */
export const RECOVERY_BANDS = [0, 30, 50, 60, 70, 80, 90, 100] as const;

/** Tags on one site at most (SPEC §9 leaves the value open; the server enforces it). */
export const STATION_TAGS_MAX = 10;
/** Repair and copy e-mail addresses on one site at most. */
export const STATION_EMAILS_MAX = 10;
/** A site code: 6 digits; a shorter numeric code is zero-padded (SPEC §5). */
export const STATION_CODE_LENGTH = 6;
