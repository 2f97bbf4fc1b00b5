export { useStatisticsChannels } from './api.ts';
export { RECOVERY_COLORS, recoveryColor } from './statistics.utils.ts';
