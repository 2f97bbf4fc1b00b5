/** The public face of the seed module: all that other modules, server.ts and the seed import of it. */

export { seedDemoApplications } from './demo-applications.ts';
export { DEMO_REFERENCE_LABEL, seedDemoLongTerm } from './demo-longterm.ts';
export { seedDemoMapLayers } from './demo-map-layers.ts';
export { seedDemoDataReports, seedDemoOperations, seedDemoReports } from './demo-operations.ts';
export { demoFirstMonthFor, registerDemoTimeseriesJob } from './demo-timeseries.ts';
export { seedOnFirstStart, type TSeedResult } from './seed.ts';
