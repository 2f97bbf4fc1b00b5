/**
 * Default thresholds of the lidar and sodar filters (issue 31, samples/LIDAR.md "What the columns mean").
 * Every one is configurable per device type.
 *
 * - `availabilityMin` 80 %: no vendor manual or standard found gives it — a project choice, kept
 *   configurable (brightwind's proposed remote-sensor filter takes a user threshold, e.g. 95 % or 0.95).
 * - `cnrMinDb` −22 dB: "Frehlich … recommended CNR > −22 dB" (Gryning & Floors, Sensors 2019, 19(3), 592).
 *   The same study of a year of FINO3 data found thresholds above about −29 dB bias the wind-speed
 *   distribution and advises −29 dB or lower for resource estimates — hence some users choose −29 dB.
 */
export const LIDAR_FILTER_DEFAULTS = {
  availabilityMin: 80,
  cnrMinDb: -22,
  /** The level a failing record gets: invalid (3), excluded from statistics. */
  flag: 3,
} as const;
