/** The public face of the reports module: all that other modules, server.ts and the seed import of it. */

export { dataReportRoutes } from './data/data-reports.routes.ts';
export { DataReportService } from './data/data-reports.service.ts';
export { periodContaining, periodLabel, type TPeriod } from './group/periods.ts';
export { reportRoutes } from './group/reports.routes.ts';
export { ReportService } from './group/reports.service.ts';
export { UNBUILT_DATA_REPORT, UNBUILT_SCHEDULED_REPORT } from './unbuilt.ts';
