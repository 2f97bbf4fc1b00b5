export { useMainColor, useSystemInfo } from './api.ts';
