/** The public face of the reports module: all that other modules, server.ts and the seed import of it. */

export { dataReportRoutes } from './data-reports.routes.ts';
export { DataReportService } from './data-reports.service.ts';
export { periodContaining, periodLabel, type TPeriod } from './periods.ts';
export { reportRoutes } from './reports.routes.ts';
export { ReportService } from './reports.service.ts';
