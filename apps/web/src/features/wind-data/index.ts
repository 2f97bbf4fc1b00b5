export { exportVersion, useSaveMark, useVersionChannels, useVersionDetail, useVersions } from './api.ts';
