import { FEATURE_KEYS, type FeatureKey } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceSeries } from '../../src/modules/reference-data/index.ts';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import type { TRouteAuth } from '../../src/platform/http/route.ts';
import { multipartBody } from '../multipart.ts';
import {
  assignStations,
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

/**
 * Every API route and the permission it needs. A new route fails this test until it is listed here,
 * so no endpoint ships without a decided function permission (data permissions are tested per module).
 */
const PERMISSIONS: Record<string, TRouteAuth> = {
  'POST /api/security/sys/user/login': 'public',
  'POST /api/security/sys/user/login/second_factor': 'public',
  'POST /api/security/sys/user/login/second_factor/setup': 'public',
  'POST /api/security/sys/user/login/second_factor/enable': 'public',
  'GET /api/security/sys/user/second_factor': 'user',
  'POST /api/security/sys/user/second_factor/setup': 'user',
  'POST /api/security/sys/user/second_factor/enable': 'user',
  'POST /api/security/sys/user/second_factor/disable': 'user',
  'POST /api/security/sys/user/reset_second_factor': 'system.user',
  'POST /api/security/sys/user/unlock_second_factor': 'system.user',
  'POST /api/security/sys/user/logout': 'user',
  'POST /api/security/sys/user/change_password': 'user',
  'GET /api/security/sys/permission/user_permission': 'user',
  'GET /api/security/sys/user/fields': 'system.user',
  'POST /api/security/sys/user/page': 'system.user',
  'POST /api/security/sys/user/list': 'user',
  'POST /api/security/sys/user/save_or_update': 'system.user',
  'GET /api/security/sys/user/delete': 'system.user',
  'POST /api/security/sys/user/reset_password': 'system.user',
  'GET /api/security/sys/user/profile': 'user',
  'POST /api/security/sys/user/update_profile': 'user',
  'GET /api/security/sys/user/transfer_authority': 'system.user',
  'POST /api/security/sys/user/station_user_page': 'system.user',
  'POST /api/security/sys/permission/user_authorize_station': 'system.user',
  'POST /api/security/sys/permission/station_options': 'user',
  'POST /api/security/sys/company/save': 'system.user',
  'POST /api/security/sys/company/update': 'system.user',
  'POST /api/security/sys/company/delete': 'system.user',
  'GET /api/security/sys/company/delete/check': 'system.user',
  'GET /api/security/sys/company/drop_down_search': 'user',
  'POST /api/security/sys/group/list': 'system.user',
  'POST /api/security/sys/group/save': 'system.user',
  'POST /api/security/sys/group/update': 'system.user',
  'POST /api/security/sys/group/delete': 'system.user',
  'GET /api/security/sys/group/delete/check': 'system.user',
  'GET /api/security/sys/group/drop_down_search': 'user',
  'POST /api/security/sys/role/page': 'system.role',
  'GET /api/security/sys/role/detail': 'system.role',
  'POST /api/security/sys/role/save_or_update': 'system.role',
  'GET /api/security/sys/role/delete': 'system.role',
  'GET /api/security/sys/role/delete/check': 'system.role',
  'GET /api/security/sys/role/rights': 'system.role',
  'POST /api/security/sys/role/rights': 'system.role',
  'POST /api/security/sys/role/assigned_users': 'system.role',
  'GET /api/security/sys/role/drop_down_search': 'user',
  'POST /api/security/sys/login_log/page': 'system.loginLog',
  'GET /api/security/sys/user/access_token/list': 'user',
  'POST /api/security/sys/user/access_token/create': 'user',
  'POST /api/security/sys/user/access_token/revoke': 'user',
  'POST /api/security/sys/access_token/page': 'system.user',
  'POST /api/security/sys/access_token/revoke': 'system.user',
  // Webhooks (issue 32).
  'POST /api/system/webhook/page': 'system.webhook',
  'POST /api/system/webhook/create': 'system.webhook',
  'POST /api/system/webhook/update': 'system.webhook',
  'POST /api/system/webhook/enable': 'system.webhook',
  'POST /api/system/webhook/rotate_secret': 'system.webhook',
  'POST /api/system/webhook/delete': 'system.webhook',
  'POST /api/system/webhook/test': 'system.webhook',
  'POST /api/system/webhook/deliveries': 'system.webhook',
  'POST /api/web/sys_info/systemInfoGet': 'public',
  'GET /api/web/sys_info/utcOptionsList': 'public',
  'GET /api/health': 'public',
  'POST /api/web/message/page': 'user',
  'GET /api/web/message/has_not_read': 'user',
  'GET /api/web/message/read': 'user',
  'GET /api/web/message/ignore': 'user',
  // Site register (issue 4, part A).
  'POST /api/web/station_log/page': 'system.stationLog',
  'POST /api/web/station/page': 'user',
  'POST /api/web/station/search': 'user',
  // Create needs station.add, update station.edit: checked by the service (one route, two features).
  'POST /api/web/station/save_or_update': 'user',
  'POST /api/web/station/tags': 'station.edit',
  'GET /api/web/station/detail': 'user',
  'GET /api/web/station/delete/:id': 'station.edit',
  'POST /api/web/station/quantity_stat': 'user',
  'GET /api/web/station/overview': 'user',
  'POST /api/web/station/coordinate/export': 'station.coordinateExport',
  'GET /api/web/station/import/template': 'station.batchImport',
  'POST /api/web/station/import': 'station.batchImport',
  'GET /api/web/station/fields': 'user',
  'GET /api/web/station/station_status': 'user',
  'GET /api/web/station/checkExist': 'user',
  'POST /api/web/owner/page': 'system.owner',
  'POST /api/web/owner/save_or_update': 'system.owner',
  'GET /api/web/owner/delete/check': 'system.owner',
  'GET /api/web/owner/delete': 'system.owner',
  'POST /api/web/manufacturer/saveOrUpdate': 'system.manufacturer',
  'GET /api/web/manufacturer/checkRelation': 'system.manufacturer',
  'GET /api/web/manufacturer/del': 'system.manufacturer',
  'POST /api/web/manufacturer/getList': 'user',
  'GET /api/web/manufacturer/getAllType': 'user',
  'GET /api/web/sys/tag/list': 'user',
  'GET /api/web/sys/tag/group/list': 'user',
  'POST /api/web/sys/tag/save_or_update': 'system.tags',
  'POST /api/web/sys/tag/enable': 'system.tags',
  'POST /api/web/sys/tag/disable': 'system.tags',
  'GET /api/web/sys/tag/delete/check': 'system.tags',
  'GET /api/web/sys/tag/delete': 'system.tags',
  'POST /api/web/personalConfig/listByType': 'user',
  'POST /api/web/personalConfig/saveOrUpdateBatch': 'user',
  'GET /api/web/common/regions': 'user',
  'GET /api/web/common/bounds': 'user',
  'GET /api/web/common/protocols': 'user',
  'GET /api/web/common/station_types': 'user',
  'GET /api/web/common/themes': 'user',
  'GET /api/web/common/warranty_status': 'user',
  'GET /api/web/common/owners': 'user',
  'GET /api/web/common/warnStatus': 'user',
  'GET /api/web/common/warn_types': 'user',
  'GET /api/web/common/project_names': 'user',
  // Site assets (issue 4, part B).
  'GET /api/web/station/attachment/list': 'user',
  'POST /api/web/station/attachment/upload': 'attachment.upload',
  'GET /api/web/station/attachment/download': 'attachment.download',
  'GET /api/web/station/attachment/delete': 'attachment.delete',
  'GET /api/web/station/password_record/list': 'station.edit',
  'POST /api/web/station/password_record/add': 'station.edit',
  'GET /api/web/station/password_record/delete': 'station.edit',
  'GET /api/web/station/channel_config/elements': 'user',
  'GET /api/web/station/remote_sensing': 'user',
  'GET /api/web/station/channel_config/list': 'user',
  'GET /api/web/station/channel_config/detail': 'user',
  'POST /api/web/station/channel_config/save_or_update': 'station.edit',
  'GET /api/web/station/channel_config/delete': 'station.edit',
  'GET /api/web/station/channel_config/iea43/export': 'user',
  'POST /api/web/station/channel_config/iea43/import': 'station.edit',
  // The sensor register (issue 44 §3).
  'POST /api/web/sensor/page': 'user',
  'GET /api/web/sensor/detail': 'user',
  'GET /api/web/sensor/site_sensors': 'user',
  'POST /api/web/sensor/update': 'station.edit',
  'POST /api/web/sensor/move': 'station.edit',
  // Data sources and file-match rules (issue 5, part C).
  'GET /api/web/rule/match/component': 'system.rule',
  'GET /api/web/rule/file_match/fileTypeSuffix': 'system.rule',
  'POST /api/web/rule/file_match/options': 'user',
  'POST /api/web/rule/file_match/page': 'system.rule',
  'GET /api/web/rule/file_match/detail': 'system.rule',
  'POST /api/web/rule/file_match/save_or_update': 'system.rule',
  'GET /api/web/rule/file_match/delete': 'system.rule',
  'GET /api/web/data_source/list': 'user',
  'POST /api/web/data_source/page': 'system.dataFetch',
  'GET /api/web/data_source/detail': 'system.dataFetch',
  'POST /api/web/data_source/save_or_update': 'system.dataFetch',
  'GET /api/web/data_source/delete': 'system.dataFetch',
  'POST /api/web/data_source/test_connection': 'system.dataFetch',
  'GET /api/web/data_source/ftp_dirs': 'system.dataFetch',
  'POST /api/web/data_source/pull': 'system.dataFetch',
  'POST /api/web/data_source/fetched_files': 'system.dataFetch',
  'POST /api/web/station/manual_pull': 'data.import',
  // Time-series store, parsing, uploads, raw files, parse rules and versions (issue 5, part B).
  'POST /api/data-parse/parse/text/preview_recognize': 'data.import',
  'POST /api/data-parse/parse/text/recognize': 'data.import',
  'GET /api/data-parse/parse/text/parse_process': 'user',
  'POST /api/data-parse/parse/text/export_temp': 'user',
  'GET /api/data-parse/parse/date_formats': 'user',
  'GET /api/data-parse/parse/charsets': 'user',
  'GET /api/data-parse/parse/text/recognize/height_statistics': 'user',
  'GET /api/web/parse_rule/options': 'user',
  'POST /api/web/parse_rule/page': 'system.rule',
  'GET /api/web/parse_rule/detail': 'system.rule',
  'POST /api/web/parse_rule/save_or_update': 'system.rule',
  'GET /api/web/parse_rule/delete': 'system.rule',
  'POST /api/web/station/updateParseRule': 'station.edit',
  'POST /api/web/station/data/upload': 'data.import',
  'POST /api/web/station/raw_file/page': 'user',
  'GET /api/web/station/raw_file/reparse': 'data.import',
  'POST /api/data-parse/export/original_file': 'station.downloadRaw',
  'POST /api/web/station/file_rules': 'user',
  'GET /api/web/version/list': 'user',
  'GET /api/web/version/multi_list': 'user',
  // Wind data (issue 7).
  'GET /api/web/version/detail': 'user',
  'GET /api/web/version/channels': 'user',
  'POST /api/web/version/save': 'data.process',
  'POST /api/web/version/rename': 'data.process',
  'POST /api/web/version/delete': 'data.process',
  'GET /api/data-process/process/task': 'user',
  'POST /api/data-process/process/task/page': 'user',
  'POST /api/web/version/data/page': 'user',
  'POST /api/web/version/data/chart': 'user',
  'POST /api/web/version/export': 'station.downloadRaw',
  'POST /api/web/version/import': 'data.import',
  // [anchor: data-routes]
  'POST /api/web/version/mark/save': 'data.process',
  'POST /api/web/version/mark/page': 'user',
  'POST /api/web/version/mark/undo': 'data.process',
  'POST /api/data-process/process/qc': 'data.process',
  'POST /api/data-process/process/tower_shadow': 'data.process',
  'POST /api/data-process/process/interpolation': 'data.process',
  'POST /api/data-process/process/extrapolation': 'data.process',
  'POST /api/data-process/process/representative_year': 'data.process',
  // Gap reconstruction (issue 45 §1): the run, its preview (computes on a version the caller may process)
  // and its undo.
  'POST /api/data-process/process/reconstruct': 'data.process',
  'POST /api/data-process/process/reconstruct/preview': 'data.process',
  'POST /api/data-process/process/reconstruct/undo': 'data.process',
  // [anchor: marks-processing-routes]
  'GET /api/web/rule/list': 'user',
  'POST /api/web/rule/page': 'system.rule',
  'GET /api/web/rule/detail': 'system.rule',
  // Alarms (issue 14).
  'POST /api/web/alarm/page': 'alarm.view',
  'POST /api/web/alarm/handle': 'alarm.handle',
  // Contacts, repairs, reminders and the send log (issue 14).
  'GET /api/web/contacts/userAndCarbonCopy': 'user',
  'POST /api/web/contacts/carbonCopy/save': 'user',
  'GET /api/web/contacts/list': 'alarm.handle',
  'GET /api/web/contacts': 'alarm.handle',
  'POST /api/web/contacts/save': 'alarm.handle',
  'GET /api/web/contacts/delete': 'alarm.handle',
  'GET /api/web/repair/repair_verify': 'alarm.handle',
  'POST /api/web/repair/repair': 'alarm.handle',
  'POST /api/web/repair/page': 'system.repairList',
  'POST /api/web/repair/record/page': 'repair.view',
  'POST /api/web/repair/record/save': 'repair.edit',
  'POST /api/web/repair/record/close': 'repair.edit',
  'POST /api/web/alert/send_log/page': 'system.timedTask',
  'GET /api/web/interval_task/list': 'system.timedTask',
  'POST /api/web/interval_task/save': 'system.timedTask',
  // Group reports (issue 15).
  'GET /api/web/statement/templates': 'user',
  'POST /api/web/statement/template/page': 'user',
  'POST /api/web/statement/group/page': 'user',
  'GET /api/web/statement/group/detail': 'user',
  'POST /api/web/statement/group/add': 'reportGroup.add',
  'POST /api/web/statement/group/update': 'reportGroup.edit',
  'GET /api/web/statement/group/delete': 'reportGroup.delete',
  'POST /api/web/statement/page': 'user',
  'POST /api/web/statement/generate': 'report.add',
  'GET /api/web/statement/preview': 'report.preview',
  'GET /api/web/statement/download': 'report.download',
  'POST /api/web/statement/send': 'report.send',
  'GET /api/web/statement/delete': 'user',
  // Data reports (issue 15): save checks report.upload (multipart) or report.add (JSON) itself; delete
  // answers "no permission to delete report" (SPEC §6); downLoad checks report.download / report.preview.
  'POST /api/web/report/data/page': 'user',
  'POST /api/web/report/data/save': 'user',
  'GET /api/web/report/data/delete': 'user',
  'POST /api/web/report/data/downLoad': 'user',
  'POST /api/web/report/data/tempPage': 'user',
  'GET /api/web/report/data/fields': 'user',
  // Energy yield (issue 16).
  'POST /api/web/turbine/page': 'user',
  'GET /api/web/turbine/detail': 'user',
  'POST /api/web/turbine/save': 'system.turbine',
  'GET /api/web/turbine/delete': 'system.turbine',
  'POST /api/web/turbine/import': 'system.turbine',
  'GET /api/web/turbine/export': 'user',
  'POST /api/data-process/energy/calculate': 'user',
  'POST /api/data-process/energy/export': 'user',
  'POST /api/data-process/energy/eya_def': 'user',
  'PUT /api/data-process/energy/uncertainty': 'data.process',
  'POST /api/web/mesoscale/upload': 'data.import',
  'POST /api/web/mesoscale/page': 'user',
  'GET /api/web/mesoscale/delete': 'data.import',
  'GET /api/web/mesoscale/results': 'user',
  'POST /api/data-process/process/temp_data_scale_calculate': 'user',
  'POST /api/data-process/process/temp_data_scale_generate': 'data.process',
  'POST /api/data-process/longterm/compare': 'user',
  'POST /api/data-process/longterm/generate': 'data.process',
  'POST /api/data-process/longterm/references/page': 'user',
  'GET /api/data-process/longterm/references/detail': 'user',
  'POST /api/data-process/longterm/references/upload': 'data.process',
  'POST /api/data-process/longterm/references/update': 'data.process',
  'GET /api/data-process/longterm/references/delete': 'data.process',
  'POST /api/data-process/longterm/candidates': 'user',
  'GET /api/data-process/longterm/default': 'user',
  'PUT /api/data-process/longterm/default': 'data.process',
  'DELETE /api/data-process/longterm/default': 'data.process',
  'GET /api/data-process/longterm/convergence': 'user',
  'POST /api/data-process/longterm/convergence/refresh': 'data.process',
  'POST /api/web/rule/save_or_update': 'system.rule',
  'GET /api/web/rule/delete': 'system.rule',
  // [anchor: qc-rules-routes]
  'POST /api/data-process/statistics/analysis': 'user',
  'POST /api/data-process/statistics/export': 'user',
  'GET /api/data-process/statistics/home_rose': 'user',
  // Site suitability (issue 29).
  'POST /api/data-process/suitability/check': 'user',
  'POST /api/data-process/suitability/export': 'user',
  'GET /api/data-process/suitability/defaults': 'user',
  // Lidar versus mast (issue 31).
  'POST /api/data-process/lidar/verify': 'user',
  'POST /api/data-process/lidar/export': 'user',
  'GET /api/data-process/lidar/candidates': 'user',
  'GET /api/data-process/lidar/sites': 'user',
  // Map layers and the point resource query (issue 8).
  'GET /api/web/map_layer/list': 'user',
  'POST /api/web/map_layer/upload': 'system.rule',
  'GET /api/web/map_layer/delete': 'system.rule',
  'GET /api/web/map_layer/image': 'user',
  'POST /api/meteorological/query/wind/point': 'user',
  // The home map's ice-class layer (issue 45 §2).
  'GET /api/web/map/ice_classes': 'user',
  // [anchor: statistics-routes]
  'GET /api/web/geocode/search': 'user',
  // Download applications and the hub (issue 17).
  'POST /api/web/apply/save': 'user',
  'POST /api/web/apply/page': 'system.apply',
  'POST /api/web/apply/mine': 'user',
  'GET /api/web/apply/detail': 'user',
  'POST /api/web/apply/review': 'system.apply',
  'POST /api/web/apply/revoke': 'system.apply',
  'POST /api/web/apply/ticket': 'user',
  'GET /api/web/apply/file': 'public',
  'GET /api/web/hub/overview': 'user',
  // The data receipt of every arriving file (issue 30).
  'POST /api/web/receipt/page': 'user',
  'GET /api/web/receipt/detail': 'user',
  'POST /api/web/receipt/apply': 'data.process',
  'POST /api/web/receipt/undo': 'data.process',
  'POST /api/web/receipt/dismiss': 'data.process',
  // Calibration certificates of sensors (issue 44 §2): read by whoever views a site naming the sensor,
  // written by whoever edits one (station.edit); corrections of history are processing (data.process).
  'GET /api/web/sensor/calibration/list': 'user',
  'POST /api/web/sensor/calibration/save': 'station.edit',
  'GET /api/web/sensor/calibration/delete': 'station.edit',
  'POST /api/web/sensor/calibration/import': 'station.edit',
  'GET /api/web/sensor/calibration/certificate': 'user',
  'POST /api/web/sensor/calibration/pdf/upload': 'station.edit',
  'GET /api/web/sensor/calibration/pdf/download': 'user',
  'GET /api/web/sensor/calibration/station': 'user',
  'GET /api/web/sensor/calibration/rule': 'user',
  'POST /api/web/sensor/calibration/rule/save': 'station.edit',
  'POST /api/web/sensor/calibration/due/page': 'user',
  'POST /api/web/sensor/calibration/correct': 'data.process',
  'POST /api/web/sensor/calibration/correct/undo': 'data.process',
  'GET /api/web/sensor/calibration/corrections': 'user',
  // The Model Context Protocol endpoint (issue 32): any user's token with the read scope; each tool
  // checks what its API route checks (alarms: alarm.view) and the caller's sites.
  'POST /mcp': 'user',
  'GET /mcp': 'user',
  'DELETE /mcp': 'user',
};

let server: TTestServer;
let noFeatureToken: string;
beforeAll(async () => {
  server = await startTestServer();
  const user = await buildUser(server.db, { features: [] });
  noFeatureToken = await server.login(user.account, user.password);
});
afterAll(async () => {
  await server.stop();
});

const routes = () => server.app.routeCatalogue;

describe('the permission table', () => {
  it('lists every API route with the permission the route declares', () => {
    const declared = Object.fromEntries(routes().map((r) => [`${r.method} ${r.url}`, r.auth]));
    expect(declared).toEqual(PERMISSIONS);
  });

  it('uses only known feature keys', () => {
    for (const auth of Object.values(PERMISSIONS)) {
      if (auth !== 'public' && auth !== 'user') expect(FEATURE_KEYS).toContain(auth);
    }
  });

  it('refuses every non-public route without a token with 401', async () => {
    for (const route of routes().filter((r) => r.auth !== 'public')) {
      const r = await server.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
      });
      expect(r.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses every feature route to a user without that feature with 403 “no access permission”', async () => {
    for (const route of routes().filter((r) => r.auth !== 'public' && r.auth !== 'user')) {
      const r = await server.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
        headers: { token: noFeatureToken, language: 'EN' },
      });
      expect(r.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(r.json().msg).toBe('No access permission');
    }
  });

  it('lets a user holding the feature past the function check', async () => {
    // One user per feature (a login hashes a password on purpose slowly), shared by its routes.
    const tokens = new Map<string, string>();
    for (const route of routes().filter((r) => r.auth !== 'public' && r.auth !== 'user')) {
      let token = tokens.get(route.auth);
      if (!token) {
        const user = await buildUser(server.db, { features: [route.auth as FeatureKey] });
        token = await server.login(user.account, user.password);
        tokens.set(route.auth, token);
      }
      const r = await server.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
        headers: { token },
      });
      expect(r.statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
  });
});

/**
 * Station-scoped routes and what each does for a caller who holds the feature but cannot see a site:
 * refuse with 403, or leave the site out of the list. Later issues add their station routes here.
 */
describe('station-scoped routes', () => {
  let callerToken: string;
  let callerId: number;
  let owner: { id: number };
  let other: { id: number };
  let hidden: { id: number; stationCode: string };
  let visible: { id: number; stationCode: string };
  let roleId: number;

  beforeAll(async () => {
    const caller = await buildUser(server.db, {
      features: [
        'system.user',
        'system.role',
        'station.edit',
        'station.coordinateExport',
        'system.stationLog',
        'attachment.upload',
        'attachment.download',
        'attachment.delete',
        'data.import',
        'station.downloadRaw',
        'data.process',
        'alarm.view',
        'alarm.handle',
        'repair.view',
        'repair.edit',
        'system.repairList',
        'report.add',
        'report.upload',
        'report.download',
        'report.delete',
        'system.apply',
        'system.rule',
        'system.dataFetch',
      ],
    });
    callerToken = await server.login(caller.account, caller.password);
    callerId = caller.id;
    owner = await buildUser(server.db);
    other = await buildUser(server.db);
    hidden = await buildStation(server.db, { ownerId: owner.id, projectName: '看不见的项目' });
    visible = await buildStation(server.db, { ownerId: owner.id, projectName: '看得见的项目' });
    await grantRoleStations(server.db, caller.roleId, [visible.id]);
    roleId = (await buildUser(server.db)).roleId;
  });

  /** The original version of the hidden site (created on first use). */
  async function hiddenVersionId(): Promise<number> {
    const store = new TimeSeriesRepository(server.db);
    return (await store.ensureOriginalVersion(hidden.id, null)).id;
  }

  async function expectForbidden(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
    const r = await server.call(method, url, { token: callerToken, body, language: 'EN' });
    expect(r.status, `${method} ${url}`).toBe(403);
    expect(r.body.msg).toBe('No access permission');
  }

  async function expectOnlyVisible(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    ids: (data: any) => number[],
  ) {
    const r = await server.call(method, url, { token: callerToken, body });
    expect(r.status, `${method} ${url}`).toBe(200);
    expect(ids(r.body.data), `${method} ${url}`).toEqual([visible.id]);
  }

  /** An attachment, a password record and a channel configuration of the hidden site (part B). */
  let hiddenAssets: Promise<{ attachmentId: number; recordId: number; configId: number }> | undefined;
  function createHiddenAssets() {
    hiddenAssets ??= (async () => {
      const attachment = await server.db
        .insertInto('station_attachment')
        .values({
          station_id: hidden.id,
          file_name: '验收报告.pdf',
          extension: 'pdf',
          content_type: 'application/pdf',
          size_bytes: 1,
          sha256: 'a'.repeat(64),
          uploader_id: owner.id,
          uploader_name: 'owner',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const record = await server.db
        .insertInto('station_password_record')
        .values({ station_id: hidden.id, kind: 'logger', secret: Buffer.alloc(40), creator_name: 'owner' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const config = await server.db
        .insertInto('channel_config')
        .values({
          station_id: hidden.id,
          name: '配置',
          effective_from: '2024-01-01T00:00:00Z',
          updater_name: 'owner',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { attachmentId: attachment.id, recordId: record.id, configId: config.id };
    })();
    return hiddenAssets;
  }

  /** A sensor named only by the hidden site's configuration, and one named by the visible site's. */
  let sensors: Promise<{ hiddenSensorId: number; visibleSensorId: number }> | undefined;
  function createSensors() {
    sensors ??= (async () => {
      const { configId } = await createHiddenAssets();
      const visibleConfig = await server.db
        .insertInto('channel_config')
        .values({
          station_id: visible.id,
          name: '配置',
          effective_from: '2024-01-01T00:00:00Z',
          updater_name: 'owner',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const [config, serial] of [
        [configId, 'PERM-HIDDEN'],
        [visibleConfig.id, 'PERM-VISIBLE'],
      ] as const) {
        await server.db
          .insertInto('channel_config_channel')
          .values({
            config_id: config,
            position: 0,
            channel_name: 'Spd80m',
            element: 'ws',
            data_key: 'ws_80',
            statistic: 'mean',
            height_m: 80,
            boom_orientation_deg: null,
            vane_offset_deg: null,
            calibration_slope: null,
            calibration_offset: null,
            sensor_make: 'Thies',
            sensor_serial: serial,
          })
          .execute();
        const sensor = await server.db
          .insertInto('sensor')
          .values({ oem: 'Thies', serial_number: serial })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(sensor.id);
      }
      return { hiddenSensorId: ids[0]!, visibleSensorId: ids[1]! };
    })();
    return sensors;
  }

  async function expectHiddenAssetsKept() {
    const { attachmentId, recordId, configId } = await createHiddenAssets();
    expect(
      await server.db.selectFrom('station_attachment').select('id').where('id', '=', attachmentId).execute(),
    ).toHaveLength(1);
    expect(
      await server.db.selectFrom('station_password_record').select('id').where('id', '=', recordId).execute(),
    ).toHaveLength(1);
    const configs = await server.db
      .selectFrom('channel_config')
      .select('id')
      .where('station_id', '=', hidden.id)
      .execute();
    expect(configs.map((c) => c.id)).toEqual([configId]);
  }

  const channel = {
    channelName: 'Spd80mN',
    element: 'ws',
    heightM: 80,
    dataKey: 'Spd80mN',
    statistic: 'mean',
  };

  /** A raw file of the hidden site (issue 5, part B). */
  let hiddenRawFile: Promise<number> | undefined;
  function createHiddenRawFile() {
    hiddenRawFile ??= server.db
      .insertInto('raw_file')
      .values({
        sha256: 'b'.repeat(64),
        file_name: 'logger.csv',
        size_bytes: 1,
        station_id: hidden.id,
        source: 'upload',
        source_ref: null,
        status: 'failed',
        reason_key: null,
        reason: null,
        recognized_kind: null,
        uploader_id: owner.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
    return hiddenRawFile;
  }

  /** A receipt of the hidden site's raw file with one open finding and an applied fix on a working version (issue 30). */
  let hiddenReceipt: Promise<{ receiptId: number; findingId: number; fixId: number }> | undefined;
  function createHiddenReceipt() {
    hiddenReceipt ??= (async () => {
      const rawFileId = await createHiddenRawFile();
      const store = new TimeSeriesRepository(server.db);
      const original = await store.ensureOriginalVersion(hidden.id, null);
      const working = await store.insertVersion({
        stationId: hidden.id,
        name: 'hidden working',
        sourceVersionId: original.id,
        lineage: [],
        createdBy: null,
        creatorName: '',
      });
      const receipt = await server.db
        .insertInto('data_receipt')
        .values({ raw_file_id: rawFileId, station_id: hidden.id, version_id: original.id, status: 'done' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const finding = await server.db
        .insertInto('receipt_finding')
        .values({
          receipt_id: receipt.id,
          station_id: hidden.id,
          position: 0,
          check_kind: 'swapped_heights',
          finding_key: 'swapped_heights.ratio_crossed_one',
          severity: 'error',
          channels: ['ws_100_mean', 'ws_80_mean'],
          period_start: new Date('2025-07-10T00:00:00Z'),
          period_end: new Date('2025-08-01T00:00:00Z'),
          numbers: JSON.stringify({}),
          fix: JSON.stringify({
            kind: 'swap_heights',
            channelA: 'ws_80_mean',
            channelB: 'ws_100_mean',
            fromMs: Date.UTC(2025, 6, 10),
          }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const fix = await server.db
        .insertInto('receipt_fix')
        .values({
          finding_id: finding.id,
          station_id: hidden.id,
          version_id: working.id,
          fix: JSON.stringify({}),
          undo: JSON.stringify({ kind: 'values', startMs: 0, channels: [] }),
          status: 'applied',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { receiptId: receipt.id, findingId: finding.id, fixId: fix.id };
    })();
    return hiddenReceipt;
  }

  /** A data report of the hidden site and one of the visible site (issue 15). */
  let dataReports: Promise<{ hidden: number; visible: number }> | undefined;
  function createDataReports() {
    dataReports ??= (async () => {
      const row = (stationId: number) =>
        server.db
          .insertInto('data_report')
          .values({
            station_id: stationId,
            report_name: '数据报告',
            type: 'upload',
            template_id: null,
            version_id: null,
            owner_id: owner.id,
            file_name: 'report.txt',
            file_sha256: 'c'.repeat(64),
            file_size: 1,
            docx_sha256: null,
            docx_size: null,
            pdf_sha256: null,
            pdf_size: null,
            build_time: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.id));
      return { hidden: await row(hidden.id), visible: await row(visible.id) };
    })();
    return dataReports;
  }

  /** A reference series of the hidden site (issue 28). */
  let hiddenReference: Promise<number> | undefined;
  function createHiddenReference() {
    hiddenReference ??= createReferenceSeries(server.db, server.services.files, {
      stationId: hidden.id,
      name: 'hidden reference',
      source: 'synthetic',
      latitude: 40,
      longitude: 115,
      intervalMinutes: 60,
      timesMs: Float64Array.of(Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 1, 1)),
      columns: [
        {
          key: 'ws_50_mean',
          name: 'WS50',
          element: 'ws',
          heightM: 50,
          unit: 'm/s',
          values: Float32Array.of(5, 6),
        },
      ],
    });
    return hiddenReference;
  }

  /** A mesoscale dataset of the hidden site (issue 16). */
  let hiddenDataset: Promise<number> | undefined;
  function createHiddenDataset() {
    hiddenDataset ??= server.db
      .insertInto('mesoscale_dataset')
      .values({
        station_id: hidden.id,
        name: 'hidden',
        files: '[]',
        wnd_sha256: 'd'.repeat(64),
        status: 'stored',
        interval_minutes: null,
        first_time: null,
        last_time: null,
        times: null,
        uploader_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.id));
    return hiddenDataset;
  }

  /** A download application of the hidden site by its owner, approved with a stored file (issue 17). */
  let hiddenApplication: Promise<number> | undefined;
  function createHiddenApplication() {
    hiddenApplication ??= (async () => {
      const row = await server.db
        .insertInto('download_application')
        .values({
          applicant_id: owner.id,
          file_type: 1,
          start_time: new Date('2026-01-01T00:00:00Z'),
          end_time: new Date('2026-01-31T00:00:00Z'),
          apply_reason: '看不见的申请',
          to_addr: 'owner@masthub.test',
          audit_status: 'approved',
          export_status: 'ready',
          file_name: 'hidden.csv',
          file_sha256: 'e'.repeat(64),
          file_size: 1,
          link_expires_at: new Date(Date.now() + 86_400_000),
          link_revoked_at: null,
          reviewer_id: null,
          review_time: null,
          data_source_id: null,
          mail_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db
        .insertInto('download_application_station')
        .values({ application_id: row.id, station_id: hidden.id })
        .execute();
      return Number(row.id);
    })();
    return hiddenApplication;
  }

  async function expectApplicationUnchanged(id: number) {
    const row = await server.db
      .selectFrom('download_application')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.audit_status).toBe('approved');
    expect(row.link_revoked_at).toBeNull();
  }

  /** A sensor named only by the hidden site's configuration, with a certificate (PDF attached), and a correction (issue 44). */
  let hiddenSensor: Promise<{ sensorId: number; calibrationId: number; correctionId: number }> | undefined;
  function createHiddenSensor() {
    hiddenSensor ??= (async () => {
      const { configId } = await createHiddenAssets();
      await server.db
        .insertInto('channel_config_channel')
        .values({
          config_id: configId,
          position: 0,
          channel_name: 'Spd80mN',
          element: 'ws',
          data_key: 'Spd80mN',
          statistic: 'mean',
          sensor_make: 'Thies',
          sensor_model: 'First Class',
          sensor_serial: 'HIDDEN-1',
        })
        .execute();
      const sensor = await server.db
        .insertInto('sensor')
        .values({ oem: 'Thies', model: 'First Class', serial_number: 'HIDDEN-1' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const calibration = await server.db
        .insertInto('sensor_calibration')
        .values({
          sensor_id: sensor.id,
          slope: 0.0458,
          offset: 0.24,
          source: 'certificate',
          certificate: JSON.stringify({ version: '1.1.0-2022.06' }),
          certificate_pdf_sha256: 'c'.repeat(64),
          certificate_pdf_name: 'hidden.pdf',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const correction = await server.db
        .insertInto('calibration_correction')
        .values({
          station_id: hidden.id,
          version_id: await hiddenVersionId(),
          params: JSON.stringify({}),
          status: 'applied',
          undo: JSON.stringify({}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { sensorId: sensor.id, calibrationId: calibration.id, correctionId: correction.id };
    })();
    return hiddenSensor;
  }

  async function expectHiddenSensorKept() {
    const { sensorId, calibrationId } = await createHiddenSensor();
    const rows = await server.db
      .selectFrom('sensor_calibration')
      .select(['id', 'slope', 'certificate_pdf_sha256'])
      .where('sensor_id', '=', sensorId)
      .execute();
    expect(rows).toEqual([{ id: calibrationId, slope: 0.0458, certificate_pdf_sha256: 'c'.repeat(64) }]);
  }

  const STATION_SCOPED: Record<string, () => Promise<void>> = {
    // Calibration certificates (issue 44 §2): a sensor only the hidden site names is neither read nor written.
    'GET /api/web/sensor/calibration/list': async () => {
      const { sensorId } = await createHiddenSensor();
      await expectForbidden('GET', `/api/web/sensor/calibration/list?sensorId=${sensorId}`);
    },
    'POST /api/web/sensor/calibration/save': async () => {
      const { sensorId, calibrationId } = await createHiddenSensor();
      await expectForbidden('POST', '/api/web/sensor/calibration/save', { sensorId, slope: 1, offset: 0 });
      await expectForbidden('POST', '/api/web/sensor/calibration/save', {
        sensor: { oem: 'thies', model: 'first class', serialNumber: 'hidden-1' },
        slope: 1,
        offset: 0,
      });
      await expectForbidden('POST', '/api/web/sensor/calibration/save', {
        id: calibrationId,
        slope: 1,
        offset: 0,
      });
      await expectHiddenSensorKept();
    },
    'GET /api/web/sensor/calibration/delete': async () => {
      const { calibrationId } = await createHiddenSensor();
      await expectForbidden('GET', `/api/web/sensor/calibration/delete?id=${calibrationId}`);
      await expectHiddenSensorKept();
    },
    'POST /api/web/sensor/calibration/import': async () => {
      const { sensorId } = await createHiddenSensor();
      const certificate = {
        version: '1.1.0-2022.06',
        calibration_id: 'x',
        calibration_lab: {},
        customer: {},
        test_item: {
          model: 'First Class',
          serial_number: 'HIDDEN-1',
          description: 'cup',
          oem: { company_name: 'Thies' },
        },
        setup: { date_of_calibration: '2024-01-01' },
        result: {
          ambient_conditions: {},
          table: [],
          linear_regression: { slope: { value: 1 }, offset: { value: 0 } },
        },
        date_of_issue: '2024-01-02',
        revision: '0',
      };
      await expectForbidden('POST', `/api/web/sensor/calibration/import?sensorId=${sensorId}`, certificate);
      await expectForbidden('POST', '/api/web/sensor/calibration/import', certificate);
      await expectHiddenSensorKept();
    },
    'GET /api/web/sensor/calibration/certificate': async () => {
      const { calibrationId } = await createHiddenSensor();
      await expectForbidden('GET', `/api/web/sensor/calibration/certificate?id=${calibrationId}`);
    },
    'POST /api/web/sensor/calibration/pdf/upload': async () => {
      const { calibrationId } = await createHiddenSensor();
      const { payload, contentType } = multipartBody([
        { name: 'file', fileName: 'x.pdf', content: Buffer.from('%PDF-1.7\n') },
      ]);
      const r = await server.app.inject({
        method: 'POST',
        url: `/api/web/sensor/calibration/pdf/upload?id=${calibrationId}`,
        headers: { token: callerToken, 'content-type': contentType },
        payload,
      });
      expect(r.statusCode).toBe(403);
      await expectHiddenSensorKept();
    },
    'GET /api/web/sensor/calibration/pdf/download': async () => {
      const { calibrationId } = await createHiddenSensor();
      await expectForbidden('GET', `/api/web/sensor/calibration/pdf/download?id=${calibrationId}`);
    },
    'GET /api/web/sensor/calibration/station': async () =>
      expectForbidden('GET', `/api/web/sensor/calibration/station?stationId=${hidden.id}`),
    'GET /api/web/sensor/calibration/rule': async () =>
      expectForbidden('GET', `/api/web/sensor/calibration/rule?stationId=${hidden.id}`),
    'POST /api/web/sensor/calibration/rule/save': async () => {
      await expectForbidden('POST', '/api/web/sensor/calibration/rule/save', {
        stationId: hidden.id,
        recalibrationMonths: 6,
      });
      expect(
        await server.db
          .selectFrom('sensor_campaign_rule')
          .select('station_id')
          .where('station_id', '=', hidden.id)
          .execute(),
      ).toEqual([]);
    },
    'POST /api/web/sensor/calibration/due/page': async () => {
      await createHiddenSensor();
      await expectForbidden('POST', '/api/web/sensor/calibration/due/page', { stationId: hidden.id });
      const r = await server.call('POST', '/api/web/sensor/calibration/due/page', {
        token: callerToken,
        body: { status: 'all' },
      });
      expect(r.status).toBe(200);
      expect(r.body.data.records.map((d: { stationId: number }) => d.stationId)).not.toContain(hidden.id);
    },
    'POST /api/web/sensor/calibration/correct': async () => {
      const before = await server.db.selectFrom('calibration_correction').select('id').execute();
      await expectForbidden('POST', '/api/web/sensor/calibration/correct', {
        versionId: await hiddenVersionId(),
        channel: 'Spd80mN',
        fromTime: '2024-01-01T00:00:00Z',
        programmed: { slope: 0.05, offset: 0.25 },
        certified: { slope: 0.0458, offset: 0.24 },
      });
      expect(await server.db.selectFrom('calibration_correction').select('id').execute()).toEqual(before);
    },
    'GET /api/web/sensor/calibration/corrections': async () =>
      expectForbidden('GET', `/api/web/sensor/calibration/corrections?stationId=${hidden.id}`),
    'POST /api/web/sensor/calibration/correct/undo': async () => {
      const { correctionId } = await createHiddenSensor();
      await expectForbidden('POST', '/api/web/sensor/calibration/correct/undo', { correctionId });
      const row = await server.db
        .selectFrom('calibration_correction')
        .select('status')
        .where('id', '=', correctionId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('applied');
    },
    // Download applications (issue 17): a hidden site is neither applied for, listed, decided nor released.
    'POST /api/web/apply/save': async () => {
      const before = await server.db.selectFrom('download_application').select('id').execute();
      await expectForbidden('POST', '/api/web/apply/save', {
        stationIds: [hidden.id],
        fileType: 1,
        startTime: '2026-01-01T00:00:00Z',
        endTime: '2026-01-31T00:00:00Z',
        applyReason: '看不见',
        toAddr: 'caller@masthub.test',
      });
      expect(await server.db.selectFrom('download_application').select('id').execute()).toHaveLength(
        before.length,
      );
    },
    'POST /api/web/apply/page': async () => {
      const id = await createHiddenApplication();
      const r = await server.call('POST', '/api/web/apply/page', { token: callerToken, body: {} });
      expect(r.status).toBe(200);
      expect(r.body.data.records.map((a: { id: number }) => a.id)).not.toContain(id);
    },
    'POST /api/web/apply/mine': async () => {
      const id = await createHiddenApplication();
      const r = await server.call('POST', '/api/web/apply/mine', { token: callerToken, body: {} });
      expect(r.body.data.records.map((a: { id: number }) => a.id)).not.toContain(id);
      expect(r.body.data.records.every((a: { applicantId: number }) => a.applicantId === callerId)).toBe(
        true,
      );
    },
    'GET /api/web/apply/detail': async () => {
      const id = await createHiddenApplication();
      await expectForbidden('GET', `/api/web/apply/detail?id=${id}`);
    },
    'POST /api/web/apply/review': async () => {
      const id = await createHiddenApplication();
      await server.db
        .updateTable('download_application')
        .set({ audit_status: 'pending' })
        .where('id', '=', id)
        .execute();
      await expectForbidden('POST', '/api/web/apply/review', {
        ids: [id],
        decision: 'rejected',
        comment: '不行',
      });
      await server.db
        .updateTable('download_application')
        .set({ audit_status: 'approved' })
        .where('id', '=', id)
        .execute();
      await expectApplicationUnchanged(id);
    },
    'POST /api/web/apply/revoke': async () => {
      const id = await createHiddenApplication();
      await expectForbidden('POST', '/api/web/apply/revoke', { id });
      await expectApplicationUnchanged(id);
    },
    'POST /api/web/apply/ticket': async () => {
      // Not the applicant: refused whatever the caller may see, as an application that does not exist is
      // (issue 26 §1: a missing and a foreign id get the same answer).
      const id = await createHiddenApplication();
      const answer = async (applicationId: number) => {
        const r = await server.call('POST', '/api/web/apply/ticket', {
          token: callerToken,
          body: { id: applicationId },
          language: 'EN',
        });
        return { status: r.status, body: r.body };
      };
      const foreign = await answer(id);
      expect(foreign.status).toBe(404);
      expect(foreign).toEqual(await answer(99_999_999));
    },
    'GET /api/web/apply/file': async () => {
      // A ticket never issued: a page saying so, and no download recorded.
      const id = await createHiddenApplication();
      const r = await server.app.inject({
        method: 'GET',
        url: `/api/web/apply/file?ticket=${id}.${owner.id}.app.99999999999.${'A'.repeat(43)}`,
      });
      expect(r.statusCode).toBe(403);
      expect(r.headers['content-type']).toContain('text/html');
      expect(
        await server.db.selectFrom('download_log').select('id').where('application_id', '=', id).execute(),
      ).toEqual([]);
    },
    'GET /api/web/hub/overview': async () => {
      await server.db
        .insertInto('alarm')
        .values({
          station_id: hidden.id,
          type: 'data_abnormal',
          channel_key: 'hub-permission-row',
          period_start: new Date(),
          period_end: new Date(),
        })
        .execute();
      const r = await server.call('GET', '/api/web/hub/overview', { token: callerToken });
      expect(r.status).toBe(200);
      const subject = (await server.services.stationAccess.findSubject(callerId))!;
      expect(r.body.data.stations.total).toBe(await server.services.stationAccess.countAccessible(subject));
      // The caller sees the visible site only: the hidden site's open alarm is not counted.
      expect(r.body.data.stations.total).toBe(1);
      const openVisible = await server.db
        .selectFrom('alarm')
        .select('id')
        .where('station_id', '=', visible.id)
        .where('is_open', '=', true)
        .execute();
      expect(r.body.data.alarms.open).toBe(openVisible.length);
      expect(r.body.data.storage.databaseBytes).toBeNull();
    },
    // Energy yield (issue 16): a hidden site's version is refused before anything is read.
    'POST /api/data-process/energy/calculate': async () =>
      expectForbidden('POST', '/api/data-process/energy/calculate', {
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
        hubHeight: 100,
        turbineIds: [1],
      }),
    'POST /api/data-process/energy/export': async () =>
      expectForbidden('POST', '/api/data-process/energy/export', {
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
        hubHeight: 100,
        turbineIds: [1],
      }),
    'POST /api/data-process/energy/eya_def': async () =>
      expectForbidden('POST', '/api/data-process/energy/eya_def', {
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
        hubHeight: 100,
        turbineIds: [1],
      }),
    // Typed uncertainty components (issue 46 §1): a hidden site's version is refused.
    'PUT /api/data-process/energy/uncertainty': async () =>
      expectForbidden('PUT', '/api/data-process/energy/uncertainty', {
        versionId: await hiddenVersionId(),
        key: 'plantPerformance',
        valuePct: 4,
      }),
    // Wind source assessment (issue 16): a dataset of the hidden site.
    'POST /api/web/mesoscale/upload': async () => {
      const { payload, contentType } = multipartBody([
        { name: 'stationId', value: String(hidden.id) },
        { name: 'name', value: '看不见' },
        { name: 'file', fileName: 'a.wnd', content: Buffer.from('Timestamp,WS_100m\n') },
      ]);
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/web/mesoscale/upload',
        headers: { token: callerToken, 'content-type': contentType },
        payload,
      });
      expect(r.statusCode).toBe(403);
    },
    'POST /api/web/mesoscale/page': async () => {
      await createHiddenDataset();
      const r = await server.call('POST', '/api/web/mesoscale/page', { token: callerToken, body: {} });
      expect(r.body.data.records.filter((d: { stationId: number }) => d.stationId === hidden.id)).toEqual([]);
      // Filtering by a site beyond the caller is refused, as every station-scoped call is (issue 26 §1).
      await expectForbidden('POST', '/api/web/mesoscale/page', { stationId: hidden.id });
    },
    'GET /api/web/mesoscale/delete': async () => {
      const id = await createHiddenDataset();
      await expectForbidden('GET', `/api/web/mesoscale/delete?id=${id}`);
      expect(
        await server.db.selectFrom('mesoscale_dataset').select('id').where('id', '=', id).execute(),
      ).toHaveLength(1);
    },
    'GET /api/web/mesoscale/results': async () =>
      expectForbidden('GET', `/api/web/mesoscale/results?stationId=${hidden.id}`),
    'POST /api/data-process/process/temp_data_scale_calculate': async () =>
      expectForbidden('POST', '/api/data-process/process/temp_data_scale_calculate', {
        datasetId: await createHiddenDataset(),
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
        mesoSpeedKey: 'ws',
        mesoDirectionKey: 'wd',
      }),
    'POST /api/data-process/process/temp_data_scale_generate': async () =>
      expectForbidden('POST', '/api/data-process/process/temp_data_scale_generate', {
        datasetId: await createHiddenDataset(),
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
        mesoSpeedKey: 'ws',
        mesoDirectionKey: 'wd',
        name: '看不见的版本',
      }),
    // The long-term workbench (issue 28): a hidden target, or a hidden dataset as the reference.
    'POST /api/data-process/longterm/compare': async () => {
      await expectForbidden('POST', '/api/data-process/longterm/compare', {
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
        reference: { kind: 'site', versionId: await hiddenVersionId(), speedChannelId: 1 },
      });
    },
    'POST /api/data-process/longterm/generate': async () =>
      expectForbidden('POST', '/api/data-process/longterm/generate', {
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
        reference: { kind: 'mesoscale', datasetId: await createHiddenDataset(), speedKey: 'ws' },
        method: 'ols',
        name: '看不见的长期版本',
      }),
    // Reference series and the candidate ranking (issue 28): of the hidden site, refused or left out.
    'POST /api/data-process/longterm/references/page': async () => {
      const id = await createHiddenReference();
      const r = await server.call('POST', '/api/data-process/longterm/references/page', {
        token: callerToken,
        body: {},
      });
      expect(r.body.data.records.map((d: { id: number }) => d.id)).not.toContain(id);
      await expectForbidden('POST', '/api/data-process/longterm/references/page', { stationId: hidden.id });
      await expectForbidden('POST', '/api/data-process/longterm/references/page', {
        nearStationId: hidden.id,
      });
    },
    'GET /api/data-process/longterm/references/detail': async () =>
      expectForbidden(
        'GET',
        `/api/data-process/longterm/references/detail?id=${await createHiddenReference()}`,
      ),
    'POST /api/data-process/longterm/references/upload': async () => {
      const { payload, contentType } = multipartBody([
        { name: 'stationId', value: String(hidden.id) },
        { name: 'name', value: '看不见' },
        { name: 'latitude', value: '40' },
        { name: 'longitude', value: '115' },
        { name: 'file', fileName: 'a.csv', content: Buffer.from('DateTime,WS50m_m/s\n2024-01-01 00:00,5\n') },
      ]);
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/data-process/longterm/references/upload',
        headers: { token: callerToken, 'content-type': contentType },
        payload,
      });
      expect(r.statusCode).toBe(403);
      expect(
        await server.db.selectFrom('reference_series').select('id').where('name', '=', '看不见').execute(),
      ).toEqual([]);
    },
    'POST /api/data-process/longterm/references/update': async () => {
      const id = await createHiddenReference();
      await expectForbidden('POST', '/api/data-process/longterm/references/update', {
        id,
        name: 'renamed',
        source: 'csv',
        latitude: 1,
        longitude: 1,
        heightM: 10,
        utcOffsetMinutes: 0,
      });
      const row = await server.db
        .selectFrom('reference_series')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row?.name).toBe('hidden reference');
    },
    'GET /api/data-process/longterm/references/delete': async () => {
      const id = await createHiddenReference();
      await expectForbidden('GET', `/api/data-process/longterm/references/delete?id=${id}`);
      expect(
        await server.db.selectFrom('reference_series').select('id').where('id', '=', id).execute(),
      ).toHaveLength(1);
    },
    'POST /api/data-process/longterm/candidates': async () =>
      expectForbidden('POST', '/api/data-process/longterm/candidates', {
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
      }),
    // A site's default reference and its convergence (issue 28): a hidden target site.
    'GET /api/data-process/longterm/default': () =>
      expectForbidden('GET', `/api/data-process/longterm/default?stationId=${hidden.id}`),
    'PUT /api/data-process/longterm/default': async () =>
      expectForbidden('PUT', '/api/data-process/longterm/default', {
        stationId: hidden.id,
        versionId: await hiddenVersionId(),
        speedChannelId: 1,
        reference: { kind: 'site', versionId: await hiddenVersionId(), speedChannelId: 1 },
        method: 'ols',
      }),
    'DELETE /api/data-process/longterm/default': () =>
      expectForbidden('DELETE', `/api/data-process/longterm/default?stationId=${hidden.id}`),
    'GET /api/data-process/longterm/convergence': () =>
      expectForbidden('GET', `/api/data-process/longterm/convergence?stationId=${hidden.id}`),
    'POST /api/data-process/longterm/convergence/refresh': () =>
      expectForbidden('POST', '/api/data-process/longterm/convergence/refresh', { stationId: hidden.id }),
    // The data receipt (issue 30): a receipt and a finding of the hidden site.
    'POST /api/web/receipt/page': () =>
      expectForbidden('POST', '/api/web/receipt/page', { stationId: hidden.id }),
    'GET /api/web/receipt/detail': async () =>
      expectForbidden('GET', `/api/web/receipt/detail?id=${(await createHiddenReceipt()).receiptId}`),
    'POST /api/web/receipt/apply': async () => {
      const { findingId } = await createHiddenReceipt();
      await expectForbidden('POST', '/api/web/receipt/apply', { findingId });
      const fixes = await server.db
        .selectFrom('receipt_fix')
        .select('id')
        .where('finding_id', '=', findingId)
        .execute();
      expect(fixes).toHaveLength(1);
    },
    'POST /api/web/receipt/undo': async () =>
      expectForbidden('POST', '/api/web/receipt/undo', { fixId: (await createHiddenReceipt()).fixId }),
    'POST /api/web/receipt/dismiss': async () => {
      const { findingId } = await createHiddenReceipt();
      await expectForbidden('POST', '/api/web/receipt/dismiss', { findingId, reason: 'hidden' });
      const row = await server.db
        .selectFrom('receipt_finding')
        .select('status')
        .where('id', '=', findingId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('open');
    },
    // Data reports (issue 15).
    'POST /api/web/report/data/page': async () => {
      await createDataReports();
      await expectOnlyVisible('POST', '/api/web/report/data/page', {}, (d) =>
        d.records.map((r: { stationId: number }) => r.stationId),
      );
      await expectForbidden('POST', '/api/web/report/data/page', { stationId: hidden.id });
    },
    'POST /api/web/report/data/save': async () => {
      await expectForbidden('POST', '/api/web/report/data/save', {
        versionId: await hiddenVersionId(),
        reportName: '看不见的报告',
        reportStartDate: '2026-01-01',
        reportEndDate: '2026-01-31',
        speedChannelIds: [1, 2],
        directionChannelIds: [3],
        targetHeight: 100,
        sectorWidth: 30,
      });
      const { payload, contentType } = multipartBody([
        { name: 'stationId', value: String(hidden.id) },
        { name: 'reportName', value: '看不见的报告' },
        { name: 'file', fileName: 'report.txt', content: Buffer.from('Created by Windographer 4.1.14') },
      ]);
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/web/report/data/save',
        headers: { token: callerToken, 'content-type': contentType },
        payload,
      });
      expect(r.statusCode).toBe(403);
      const rows = await server.db
        .selectFrom('data_report')
        .select('id')
        .where('station_id', '=', hidden.id)
        .where('report_name', '=', '看不见的报告')
        .execute();
      expect(rows).toEqual([]);
    },
    'GET /api/web/report/data/fields': async () =>
      expectForbidden('GET', `/api/web/report/data/fields?versionId=${await hiddenVersionId()}`),
    'POST /api/web/report/data/downLoad': async () =>
      expectForbidden('POST', '/api/web/report/data/downLoad', { id: (await createDataReports()).hidden }),
    'GET /api/web/report/data/delete': async () => {
      const { hidden: id } = await createDataReports();
      await expectForbidden('GET', `/api/web/report/data/delete?id=${id}`);
      const kept = await server.db.selectFrom('data_report').select('id').where('id', '=', id).execute();
      expect(kept).toHaveLength(1);
    },
    // Parsing, uploads, raw files and versions (issue 5, part B).
    'POST /api/data-parse/parse/text/preview_recognize': () =>
      expectForbidden('POST', `/api/data-parse/parse/text/preview_recognize?stationId=${hidden.id}`),
    'POST /api/data-parse/parse/text/recognize': () =>
      expectForbidden('POST', '/api/data-parse/parse/text/recognize', {
        stationId: hidden.id,
        token: '00000000-0000-4000-8000-000000000000',
      }),
    'GET /api/data-parse/parse/text/parse_process': async () =>
      expectForbidden(
        'GET',
        `/api/data-parse/parse/text/parse_process?taskId=${await createHiddenRawFile()}`,
      ),
    'GET /api/web/station/raw_file/reparse': async () => {
      const id = await createHiddenRawFile();
      await expectForbidden('GET', `/api/web/station/raw_file/reparse?id=${id}`);
      const row = await server.db
        .selectFrom('raw_file')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
    },
    'POST /api/web/station/raw_file/page': () =>
      expectForbidden('POST', '/api/web/station/raw_file/page', { stationId: hidden.id }),
    'POST /api/web/station/data/upload': () =>
      expectForbidden('POST', `/api/web/station/data/upload?stationId=${hidden.id}`),
    'POST /api/web/station/updateParseRule': () =>
      expectForbidden('POST', '/api/web/station/updateParseRule', {
        stationId: hidden.id,
        parseRuleId: null,
      }),
    'POST /api/web/alarm/page': async () => {
      const now = new Date();
      for (const site of [hidden, visible]) {
        await server.db
          .insertInto('alarm')
          .values({
            station_id: site.id,
            type: 'data_missing',
            period_start: now,
            period_end: now,
            content: '{}',
          })
          .execute();
      }
      await expectForbidden('POST', '/api/web/alarm/page', { stationId: hidden.id });
      // Without a site: only the alarms of sites the caller may see.
      const r = await server.call('POST', '/api/web/alarm/page', { token: callerToken, body: {} });
      expect(r.status).toBe(200);
      expect(new Set(r.body.data.records.map((a: { stationId: number }) => a.stationId))).toEqual(
        new Set([visible.id]),
      );
    },
    'POST /api/web/alarm/handle': async () => {
      const alarm = await server.db
        .insertInto('alarm')
        .values({
          station_id: hidden.id,
          type: 'data_abnormal',
          period_start: new Date(),
          period_end: new Date(),
          content: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expectForbidden('POST', '/api/web/alarm/handle', { ids: [alarm.id], handleMode: 'ignore' });
      const row = await server.db
        .selectFrom('alarm')
        .select('handle_status')
        .where('id', '=', alarm.id)
        .executeTakeFirstOrThrow();
      expect(row.handle_status).toBe('unprocessed');
    },
    'GET /api/web/repair/repair_verify': () =>
      expectForbidden('GET', `/api/web/repair/repair_verify?stationIds=${visible.id},${hidden.id}`),
    'POST /api/web/repair/repair': async () => {
      await expectForbidden('POST', '/api/web/repair/repair', {
        stationIds: [visible.id, hidden.id],
        dataSourceId: 1,
        reason: '风速计故障',
      });
      const n = await server.db
        .selectFrom('mail_send_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(0);
    },
    'POST /api/web/repair/page': async () => {
      await expectForbidden('POST', '/api/web/repair/page', { stationId: hidden.id });
      for (const site of [hidden, visible]) {
        await server.db
          .insertInto('repair_request')
          .values({
            station_id: site.id,
            station_code: site.stationCode,
            receiver_addrs: ['fix@example.com'],
            reason: '测试',
            period_start: null,
            period_end: null,
            operator_id: null,
            mail_id: null,
          })
          .execute();
      }
      const r = await server.call('POST', '/api/web/repair/page', { token: callerToken, body: {} });
      expect(r.status).toBe(200);
      expect(new Set(r.body.data.records.map((a: { stationId: number }) => a.stationId))).toEqual(
        new Set([visible.id]),
      );
    },
    'POST /api/web/repair/record/page': () =>
      expectForbidden('POST', '/api/web/repair/record/page', { stationId: hidden.id }),
    'POST /api/web/repair/record/save': () =>
      expectForbidden('POST', '/api/web/repair/record/save', { stationId: hidden.id, faultType: '风速计' }),
    'POST /api/web/repair/record/close': async () => {
      const record = await server.db
        .insertInto('repair_record')
        .values({
          station_id: hidden.id,
          request_id: null,
          fault_start: null,
          maintain_date: null,
          end_time: null,
          closed_by: null,
          closed_at: null,
          creator_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expectForbidden('POST', '/api/web/repair/record/close', {
        id: record.id,
        maintainResult: '更换风速计',
        maintainStaff: '王工',
        maintainDate: '2026-11-20T00:00:00Z',
        endTime: '2026-11-21T00:00:00Z',
      });
      const row = await server.db
        .selectFrom('repair_record')
        .select('is_closed')
        .where('id', '=', record.id)
        .executeTakeFirstOrThrow();
      expect(row.is_closed).toBe(false);
    },
    'POST /api/web/station/file_rules': () =>
      expectForbidden('POST', '/api/web/station/file_rules', { stationIds: [visible.id, hidden.id] }),
    'POST /api/data-parse/export/original_file': async () => {
      await expectForbidden('POST', '/api/data-parse/export/original_file', { stationId: hidden.id });
      await expectForbidden('POST', '/api/data-parse/export/original_file', {
        ids: [await createHiddenRawFile()],
      });
      // The site list's selection: one hidden site among visible ones refuses the whole download.
      await expectForbidden('POST', '/api/data-parse/export/original_file', {
        stationIds: [visible.id, hidden.id],
      });
    },
    'GET /api/web/version/list': () => expectForbidden('GET', `/api/web/version/list?stationId=${hidden.id}`),
    'GET /api/web/version/multi_list': () =>
      expectForbidden('GET', `/api/web/version/multi_list?stationIds=${visible.id},${hidden.id}`),
    // Wind data (issue 7): a hidden site's versions and tasks are refused.
    'GET /api/web/version/detail': async () =>
      expectForbidden('GET', `/api/web/version/detail?versionId=${await hiddenVersionId()}`),
    'GET /api/web/version/channels': async () =>
      expectForbidden('GET', `/api/web/version/channels?versionId=${await hiddenVersionId()}`),
    'POST /api/web/version/save': async () =>
      expectForbidden('POST', '/api/web/version/save', {
        stationId: hidden.id,
        sourceVersionId: await hiddenVersionId(),
        name: '偷拷贝',
      }),
    'POST /api/web/version/rename': async () =>
      expectForbidden('POST', '/api/web/version/rename', { id: await hiddenVersionId(), name: 'x' }),
    'POST /api/web/version/delete': async () =>
      expectForbidden('POST', '/api/web/version/delete', { id: await hiddenVersionId() }),
    'POST /api/data-process/process/task/page': () =>
      expectForbidden('POST', '/api/data-process/process/task/page', { stationId: hidden.id }),
    'POST /api/web/version/data/page': async () =>
      expectForbidden('POST', '/api/web/version/data/page', { versionId: await hiddenVersionId() }),
    'POST /api/web/version/data/chart': async () =>
      expectForbidden('POST', '/api/web/version/data/chart', {
        versionId: await hiddenVersionId(),
        channelIds: [1],
      }),
    'POST /api/web/version/export': async () =>
      expectForbidden('POST', '/api/web/version/export', { versionId: await hiddenVersionId(), format: 1 }),
    'POST /api/web/version/import': async () =>
      expectForbidden('POST', `/api/web/version/import?versionId=${await hiddenVersionId()}`),
    // [anchor: data-scoped]
    // Marks and processing (issue 7): a hidden site's versions are refused, and nothing is marked or queued.
    ...(() => {
      /** A working version and a mark on it for the hidden site, and a working version of the visible one. */
      let fixtures:
        | Promise<{ hiddenWorkingId: number; markId: number; visibleWorkingId: number }>
        | undefined;
      const createFixtures = () =>
        (fixtures ??= (async () => {
          const working = (stationId: number, name: string) =>
            new TimeSeriesRepository(server.db).insertVersion({
              stationId,
              name,
              sourceVersionId: null,
              lineage: [],
              createdBy: null,
              creatorName: '',
            });
          const hiddenWorking = await working(hidden.id, '隐藏站点工作版本');
          const visibleWorking = await working(visible.id, '可见站点工作版本');
          const mark = await server.db
            .insertInto('flag_mark')
            .values({
              version_id: hiddenWorking.id,
              source: 'manual',
              channel_ids: [],
              start_time: new Date('2024-01-01T00:00:00Z'),
              end_time: new Date('2024-01-02T00:00:00Z'),
              flag: 3,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { hiddenWorkingId: hiddenWorking.id, markId: mark.id, visibleWorkingId: visibleWorking.id };
        })());
      /** Nothing was marked, undone or queued on the hidden site. */
      const expectHiddenUntouched = async () => {
        const { markId } = await createFixtures();
        const tasks = await server.db
          .selectFrom('processing_task')
          .select('id')
          .where('station_id', '=', hidden.id)
          .execute();
        expect(tasks).toEqual([]);
        const marks = await server.db
          .selectFrom('flag_mark as m')
          .innerJoin('dataset_version as v', 'v.id', 'm.version_id')
          .select(['m.id', 'm.undone_at'])
          .where('v.station_id', '=', hidden.id)
          .execute();
        expect(marks).toEqual([{ id: markId, undone_at: null }]);
      };
      const versionIds = async () => {
        const { hiddenWorkingId } = await createFixtures();
        return [await hiddenVersionId(), hiddenWorkingId];
      };
      const expectProcessingForbidden = async (kind: string, body: (versionId: number) => unknown) => {
        for (const versionId of await versionIds()) {
          await expectForbidden('POST', `/api/data-process/process/${kind}`, body(versionId));
        }
        await expectHiddenUntouched();
      };
      return {
        'POST /api/web/version/mark/save': async () => {
          for (const versionId of await versionIds()) {
            await expectForbidden('POST', '/api/web/version/mark/save', {
              versionId,
              channelIds: [1],
              startTime: '2024-01-01T00:00:00Z',
              endTime: '2024-01-02T00:00:00Z',
              flag: 3,
            });
          }
          await expectHiddenUntouched();
        },
        'POST /api/web/version/mark/page': async () => {
          for (const versionId of await versionIds()) {
            await expectForbidden('POST', '/api/web/version/mark/page', { versionId });
          }
        },
        'POST /api/web/version/mark/undo': async () => {
          const { markId } = await createFixtures();
          await expectForbidden('POST', '/api/web/version/mark/undo', { id: markId });
          await expectHiddenUntouched();
        },
        'POST /api/data-process/process/qc': () =>
          expectProcessingForbidden('qc', (versionId) => ({ versionId })),
        'POST /api/data-process/process/tower_shadow': () =>
          expectProcessingForbidden('tower_shadow', (versionId) => ({
            versionId,
            method: 'max',
            pairs: [{ avgA: 1, avgB: 2, boomA: 0, boomB: 180 }],
          })),
        'POST /api/data-process/process/interpolation': () =>
          expectProcessingForbidden('interpolation', (versionId) => ({
            versionId,
            targetChannelId: 1,
            predictorChannelId: 2,
          })),
        'POST /api/data-process/process/reconstruct': () =>
          expectProcessingForbidden('reconstruct', (versionId) => ({ versionId })),
        'POST /api/data-process/process/reconstruct/preview': () =>
          expectProcessingForbidden('reconstruct/preview', (versionId) => ({ versionId })),
        'POST /api/data-process/process/reconstruct/undo': async () => {
          // A reconstruction of the hidden site's working version, as a task and its undo data.
          const { hiddenWorkingId } = await createFixtures();
          const task = await server.db
            .insertInto('processing_task')
            .values({
              version_id: hiddenWorkingId,
              station_id: hidden.id,
              kind: 'reconstruct',
              status: 'succeeded',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await server.db
            .insertInto('reconstruction_undo')
            .values({ task_id: task.id, version_id: hiddenWorkingId, entries: '[]' })
            .execute();
          await expectForbidden('POST', '/api/data-process/process/reconstruct/undo', { taskId: task.id });
          const row = await server.db
            .selectFrom('reconstruction_undo')
            .select(['undo_task_id', 'undone_at'])
            .where('task_id', '=', task.id)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({ undo_task_id: null, undone_at: null });
          await server.db.deleteFrom('processing_task').where('id', '=', task.id).execute();
        },
        'POST /api/data-process/process/extrapolation': () =>
          expectProcessingForbidden('extrapolation', (versionId) => ({
            versionId,
            channelIds: [1],
            targetHeight: 100,
          })),
        'POST /api/data-process/process/representative_year': async () => {
          await expectProcessingForbidden('representative_year', (versionId) => ({
            versionId,
            method: 'best',
            speedChannelId: 1,
          }));
          // Nor as the long-term reference of a visible site's version.
          const { visibleWorkingId } = await createFixtures();
          await expectForbidden('POST', '/api/data-process/process/representative_year', {
            versionId: visibleWorkingId,
            method: 'best',
            speedChannelId: 1,
            reference: { versionId: await hiddenVersionId(), speedChannelId: 1, directionChannelId: 2 },
          });
          const queued = await server.db
            .selectFrom('processing_task')
            .select('id')
            .where('version_id', '=', visibleWorkingId)
            .execute();
          expect(queued).toEqual([]);
        },
      };
    })(),
    // [anchor: marks-processing-scoped]
    // Quality-control and warning rules (issue 7): the caller, and a rule manager who sees only `visible`.
    ...(() => {
      let manager: Promise<string> | undefined;
      const managerToken = () =>
        (manager ??= (async () => {
          const user = await buildUser(server.db, { features: ['system.rule'] });
          await grantRoleStations(server.db, user.roleId, [visible.id]);
          return server.login(user.account, user.password);
        })());
      let rules: Promise<{ hiddenId: number; visibleId: number }> | undefined;
      const createRules = () =>
        (rules ??= (async () => {
          const insert = (name: string, stationId: number) =>
            server.db
              .insertInto('qc_rule')
              .values({
                rule_type: 'auto_quality',
                kind: 'range',
                name,
                station_id: stationId,
                params: JSON.stringify({ element: 'ws', min: 0, max: 30, flag: 3 }),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
          // One after the other: the checks below expect the hidden site's rule to have the lower id.
          const h = await insert('隐藏站点规则', hidden.id);
          const v = await insert('可见站点规则', visible.id);
          return { hiddenId: h.id, visibleId: v.id };
        })());
      const asManager = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
        server.call(method, url, { token: await managerToken(), body, language: 'EN' });
      const expectManagerForbidden = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
        const r = await asManager(method, url, body);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body.msg).toBe('No access permission');
      };
      const ruleIds = (data: { id: number }[]) => data.map((rule) => rule.id);
      return {
        'GET /api/web/rule/list': async () => {
          const { hiddenId, visibleId } = await createRules();
          await expectForbidden('GET', `/api/web/rule/list?ruleType=auto_quality&stationId=${hidden.id}`);
          const r = await server.call('GET', '/api/web/rule/list?ruleType=auto_quality', {
            token: callerToken,
          });
          expect(r.status).toBe(200);
          expect(ruleIds(r.body.data)).toContain(visibleId);
          expect(ruleIds(r.body.data)).not.toContain(hiddenId);
        },
        'POST /api/web/rule/page': async () => {
          const { hiddenId, visibleId } = await createRules();
          const r = await asManager('POST', '/api/web/rule/page', {
            ruleType: 'auto_quality',
            name: '站点规则',
          });
          expect(r.status).toBe(200);
          expect(ruleIds(r.body.data.records)).toEqual([visibleId]);
          expect(ruleIds(r.body.data.records)).not.toContain(hiddenId);
        },
        'GET /api/web/rule/detail': async () => {
          const { hiddenId } = await createRules();
          await expectManagerForbidden('GET', `/api/web/rule/detail?id=${hiddenId}`);
        },
        'POST /api/web/rule/save_or_update': async () => {
          const { hiddenId, visibleId } = await createRules();
          const rule = {
            ruleType: 'auto_quality',
            kind: 'range',
            name: '偷偷加的规则',
            params: { element: 'ws', min: 0, max: 10 },
          };
          await expectManagerForbidden('POST', '/api/web/rule/save_or_update', {
            ...rule,
            stationId: hidden.id,
          });
          // Neither rewriting the hidden site's rule nor moving the visible one onto the hidden site.
          await expectManagerForbidden('POST', '/api/web/rule/save_or_update', {
            ...rule,
            id: hiddenId,
            stationId: visible.id,
          });
          await expectManagerForbidden('POST', '/api/web/rule/save_or_update', {
            ...rule,
            id: visibleId,
            stationId: hidden.id,
          });
          const rows = await server.db
            .selectFrom('qc_rule')
            .select(['id', 'name', 'station_id'])
            .where('id', 'in', [hiddenId, visibleId])
            .orderBy('id')
            .execute();
          expect(rows).toEqual([
            { id: hiddenId, name: '隐藏站点规则', station_id: hidden.id },
            { id: visibleId, name: '可见站点规则', station_id: visible.id },
          ]);
          const added = await server.db
            .selectFrom('qc_rule')
            .select('id')
            .where('name', '=', '偷偷加的规则')
            .execute();
          expect(added).toEqual([]);
        },
        'GET /api/web/rule/delete': async () => {
          const { hiddenId } = await createRules();
          await expectManagerForbidden('GET', `/api/web/rule/delete?id=${hiddenId}`);
          const kept = await server.db
            .selectFrom('qc_rule')
            .select('id')
            .where('id', '=', hiddenId)
            .execute();
          expect(kept).toHaveLength(1);
        },
      };
    })(),
    // [anchor: qc-rules-scoped]
    // Statistics analysis (issue 7): a hidden site's version and home charts are refused.
    'POST /api/data-process/statistics/analysis': async () =>
      expectForbidden('POST', '/api/data-process/statistics/analysis', {
        versionId: await hiddenVersionId(),
      }),
    'POST /api/data-process/statistics/export': async () =>
      expectForbidden('POST', '/api/data-process/statistics/export', { versionId: await hiddenVersionId() }),
    'GET /api/data-process/statistics/home_rose': () =>
      expectForbidden('GET', `/api/data-process/statistics/home_rose?stationId=${hidden.id}&type=direction`),
    // [anchor: statistics-scoped]
    // Site suitability (issue 29): a hidden site's version and defaults are refused.
    'POST /api/data-process/suitability/check': async () =>
      expectForbidden('POST', '/api/data-process/suitability/check', {
        versionId: await hiddenVersionId(),
        hubHeight: 90,
        speedChannelId: 1,
      }),
    'POST /api/data-process/suitability/export': async () =>
      expectForbidden('POST', '/api/data-process/suitability/export', {
        versionId: await hiddenVersionId(),
        hubHeight: 90,
        speedChannelId: 1,
      }),
    'GET /api/data-process/suitability/defaults': () =>
      expectForbidden('GET', `/api/data-process/suitability/defaults?stationId=${hidden.id}`),
    // Lidar versus mast (issue 31): a hidden site on either side is refused; the site list leaves it out.
    'POST /api/data-process/lidar/verify': async () =>
      expectForbidden('POST', '/api/data-process/lidar/verify', {
        lidarVersionId: await hiddenVersionId(),
        mastVersionId: await hiddenVersionId(),
        pairs: [{ lidarSpeedChannelId: 1, mastSpeedChannelId: 2 }],
      }),
    'POST /api/data-process/lidar/export': async () =>
      expectForbidden('POST', '/api/data-process/lidar/export', {
        lidarVersionId: await hiddenVersionId(),
        mastVersionId: await hiddenVersionId(),
        pairs: [{ lidarSpeedChannelId: 1, mastSpeedChannelId: 2 }],
      }),
    'GET /api/data-process/lidar/candidates': async () => {
      const id = await hiddenVersionId();
      await expectForbidden(
        'GET',
        `/api/data-process/lidar/candidates?lidarVersionId=${id}&mastVersionId=${id}`,
      );
    },
    'GET /api/data-process/lidar/sites': async () => {
      const r = await server.call('GET', '/api/data-process/lidar/sites', { token: callerToken });
      expect(r.status).toBe(200);
      const ids = r.body.data.map((s: { stationId: number }) => s.stationId);
      expect(ids).toContain(visible.id);
      expect(ids).not.toContain(hidden.id);
    },
    // The ice-class layer (issue 45 §2) lists the visible sites' stored classes only.
    'GET /api/web/map/ice_classes': async () => {
      for (const site of [visible, hidden])
        await server.db
          .insertInto('station_ice_class')
          .values({ station_id: site.id, year: 2024, ice_class: 3, meteorological_icing_pct: 4 })
          .onConflict((oc) => oc.columns(['station_id', 'year']).doNothing())
          .execute();
      const r = await server.call('GET', '/api/web/map/ice_classes', { token: callerToken });
      expect(r.status).toBe(200);
      const ids = r.body.data.map((s: { stationId: number }) => s.stationId);
      expect(ids).toContain(visible.id);
      expect(ids).not.toContain(hidden.id);
    },
    // Site assets (issue 4, part B).
    'GET /api/web/station/attachment/list': () =>
      expectForbidden('GET', `/api/web/station/attachment/list?stationId=${hidden.id}`),
    'POST /api/web/station/attachment/upload': async () => {
      await expectForbidden('POST', `/api/web/station/attachment/upload?stationId=${hidden.id}`);
      await expectHiddenAssetsKept();
    },
    'GET /api/web/station/attachment/download': async () => {
      const { attachmentId } = await createHiddenAssets();
      await expectForbidden('GET', `/api/web/station/attachment/download?id=${attachmentId}`);
    },
    'GET /api/web/station/attachment/delete': async () => {
      const { attachmentId } = await createHiddenAssets();
      await expectForbidden('GET', `/api/web/station/attachment/delete?id=${attachmentId}`);
      await expectHiddenAssetsKept();
    },
    'GET /api/web/station/password_record/list': () =>
      expectForbidden('GET', `/api/web/station/password_record/list?stationId=${hidden.id}`),
    'POST /api/web/station/password_record/add': async () => {
      await expectForbidden('POST', '/api/web/station/password_record/add', {
        stationId: hidden.id,
        kind: 'logger',
        password: 'x',
      });
      await expectHiddenAssetsKept();
    },
    'GET /api/web/station/password_record/delete': async () => {
      const { recordId } = await createHiddenAssets();
      await expectForbidden('GET', `/api/web/station/password_record/delete?id=${recordId}`);
      await expectHiddenAssetsKept();
    },
    'GET /api/web/station/remote_sensing': () =>
      expectForbidden('GET', `/api/web/station/remote_sensing?stationId=${hidden.id}`),
    'GET /api/web/station/channel_config/list': () =>
      expectForbidden('GET', `/api/web/station/channel_config/list?stationId=${hidden.id}`),
    'GET /api/web/station/channel_config/detail': async () => {
      const { configId } = await createHiddenAssets();
      await expectForbidden('GET', `/api/web/station/channel_config/detail?id=${configId}`);
    },
    'POST /api/web/station/channel_config/save_or_update': async () => {
      const { configId } = await createHiddenAssets();
      await expectForbidden('POST', '/api/web/station/channel_config/save_or_update', {
        stationId: hidden.id,
        name: '新配置',
        effectiveFrom: '2025-01-01T00:00:00Z',
        channels: [channel],
      });
      await expectForbidden('POST', '/api/web/station/channel_config/save_or_update', {
        id: configId,
        stationId: hidden.id,
        name: '改名',
        effectiveFrom: '2024-01-01T00:00:00Z',
        channels: [channel],
      });
      await expectHiddenAssetsKept();
    },
    'GET /api/web/station/channel_config/delete': async () => {
      const { configId } = await createHiddenAssets();
      await expectForbidden('GET', `/api/web/station/channel_config/delete?id=${configId}`);
      await expectHiddenAssetsKept();
    },
    'GET /api/web/station/channel_config/iea43/export': () =>
      expectForbidden('GET', `/api/web/station/channel_config/iea43/export?stationId=${hidden.id}`),
    'POST /api/web/station/channel_config/iea43/import': async () => {
      await expectForbidden(
        'POST',
        `/api/web/station/channel_config/iea43/import?stationId=${hidden.id}`,
        {},
      );
      await expectHiddenAssetsKept();
    },
    // The sensor register (issue 44 §3): a sensor only the hidden site names is neither listed nor shown.
    'POST /api/web/sensor/page': async () => {
      const { hiddenSensorId, visibleSensorId } = await createSensors();
      const r = await server.call('POST', '/api/web/sensor/page', {
        token: callerToken,
        body: { serial: 'PERM-', serialMatch: 'prefix' },
      });
      expect(r.status).toBe(200);
      const ids = r.body.data.records.map((s: { id: number }) => s.id);
      expect(ids).toContain(visibleSensorId);
      expect(ids).not.toContain(hiddenSensorId);
      await expectForbidden('POST', '/api/web/sensor/page', { stationId: hidden.id });
    },
    'GET /api/web/sensor/detail': async () => {
      const { hiddenSensorId } = await createSensors();
      await expectForbidden('GET', `/api/web/sensor/detail?id=${hiddenSensorId}`);
    },
    'GET /api/web/sensor/site_sensors': () =>
      expectForbidden('GET', `/api/web/sensor/site_sensors?stationId=${hidden.id}`),
    'POST /api/web/sensor/update': async () => {
      const { hiddenSensorId } = await createSensors();
      await expectForbidden('POST', '/api/web/sensor/update', { id: hiddenSensorId, notes: '改' });
      const row = await server.db
        .selectFrom('sensor')
        .select('notes')
        .where('id', '=', hiddenSensorId)
        .executeTakeFirstOrThrow();
      expect(row.notes).toBe('');
    },
    'POST /api/web/sensor/move': async () => {
      const { visibleSensorId, hiddenSensorId } = await createSensors();
      const move = { date: '2025-06-01T00:00:00Z', heightM: 80 };
      // Onto a site the caller cannot see, and off it.
      await expectForbidden('POST', '/api/web/sensor/move', {
        ...move,
        sensorId: visibleSensorId,
        fromStationId: visible.id,
        targetStationId: hidden.id,
      });
      await expectForbidden('POST', '/api/web/sensor/move', {
        ...move,
        sensorId: hiddenSensorId,
        fromStationId: hidden.id,
        targetStationId: visible.id,
      });
      await expectHiddenAssetsKept();
    },
    // Data sources (issue 5, part C): a manual pull of a site the caller cannot see is refused.
    'POST /api/web/station/manual_pull': () =>
      expectForbidden('POST', '/api/web/station/manual_pull', { stationId: hidden.id }),
    // Site register (issue 4, part A). The caller has no station features: reads go by data access only.
    'POST /api/web/station/page': () =>
      expectOnlyVisible('POST', '/api/web/station/page', { keywords: '的项目' }, (d) =>
        d.records.map((s: { id: number }) => s.id),
      ),
    'POST /api/web/station/search': () =>
      expectOnlyVisible('POST', '/api/web/station/search', { keywords: '的项目' }, (d) =>
        d.map((s: { id: number }) => s.id),
      ),
    'GET /api/web/station/detail': () => expectForbidden('GET', `/api/web/station/detail?id=${hidden.id}`),
    'GET /api/web/station/overview': () =>
      expectForbidden('GET', `/api/web/station/overview?id=${hidden.id}`),
    'POST /api/web/station/quantity_stat': async () => {
      const r = await server.call('POST', '/api/web/station/quantity_stat', { token: callerToken, body: {} });
      expect(r.body.data.total).toBe(1);
    },
    'GET /api/web/common/project_names': async () => {
      const r = await server.call('GET', '/api/web/common/project_names?keywords=的项目', {
        token: callerToken,
      });
      expect(r.body.data).toEqual(['看得见的项目']);
    },
    'GET /api/web/station/checkExist': async () => {
      const r = await server.call('GET', `/api/web/station/checkExist?stationCode=${hidden.stationCode}`, {
        token: callerToken,
      });
      // The check confirms only codes of sites the caller can see (issue 26 §1).
      expect(r.body.data).toMatchObject({ exists: false, stationId: null });
      const seen = await server.call(
        'GET',
        `/api/web/station/checkExist?stationCode=${visible.stationCode}`,
        {
          token: callerToken,
        },
      );
      expect(seen.body.data).toMatchObject({ exists: true, stationId: visible.id });
    },
    // Data fetch (issue 26 §1): a rule routing files into a site, and the files fetched for one.
    'POST /api/web/rule/file_match/save_or_update': async () => {
      const rule = (stationId: number) => ({
        name: `看不见的规则_${stationId}`,
        folder: '/data',
        stationMode: 'fixed',
        stationId,
        fileTypeSuffixes: ['csv'],
        conditions: [{ component: 'fileName', operator: 'prefix', value: 'x' }],
      });
      await expectForbidden('POST', '/api/web/rule/file_match/save_or_update', rule(hidden.id));
      const rows = await server.db
        .selectFrom('file_match_rule')
        .select('id')
        .where('station_id', '=', hidden.id)
        .execute();
      expect(rows).toEqual([]);
      // A rule someone else made for the hidden site is not the caller's to re-point or delete either.
      const theirs = await server.db
        .insertInto('file_match_rule')
        .values({
          name: '他人的规则',
          folder: '/data',
          station_mode: 'fixed',
          station_id: hidden.id,
          file_type_suffixes: ['csv'],
          conditions: JSON.stringify([{ component: 'fileName', operator: 'prefix', value: 'y' }]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expectForbidden('POST', '/api/web/rule/file_match/save_or_update', {
        ...rule(visible.id),
        id: theirs.id,
      });
      await expectForbidden('GET', `/api/web/rule/file_match/delete?id=${theirs.id}`);
      const kept = await server.db
        .selectFrom('file_match_rule')
        .select('station_id')
        .where('id', '=', theirs.id)
        .executeTakeFirstOrThrow();
      expect(kept.station_id).toBe(hidden.id);
    },
    'POST /api/web/rule/file_match/options': () =>
      expectForbidden('POST', '/api/web/rule/file_match/options', { stationId: hidden.id }),
    'POST /api/web/data_source/fetched_files': async () => {
      await expectForbidden('POST', '/api/web/data_source/fetched_files', { stationId: hidden.id });
    },
    'POST /api/web/station/save_or_update': () =>
      expectForbidden('POST', '/api/web/station/save_or_update', {
        id: hidden.id,
        stationCode: hidden.stationCode,
        projectName: '改名',
        stationType: 'met_mast',
        regionCode: '130000',
        longitude: 115,
        latitude: 40,
        status: 0,
      }),
    'POST /api/web/station/tags': () =>
      expectForbidden('POST', '/api/web/station/tags', { stationId: hidden.id, tagIds: [] }),
    'GET /api/web/station/delete/:id': () => expectForbidden('GET', `/api/web/station/delete/${hidden.id}`),
    'POST /api/web/station/coordinate/export': async () => {
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/web/station/coordinate/export',
        headers: { token: callerToken },
        payload: { ids: [hidden.id, visible.id] },
      });
      expect(r.statusCode).toBe(200);
      const ExcelJS = (await import('exceljs')).default;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.rowCount).toBe(2);
      expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe(visible.stationCode);
    },
    'POST /api/web/station_log/page': async () => {
      await server.db
        .insertInto('station_log')
        .values(
          [hidden, visible].map((s) => ({
            operator_account: 'x',
            operator_name: 'x',
            type: 'edit' as const,
            location: 'stationInfo',
            objects: s.stationCode,
            station_id: s.id,
            station_code: s.stationCode,
          })),
        )
        .execute();
      await expectOnlyVisible('POST', '/api/web/station_log/page', {}, (d) =>
        d.records.map((r: { stationId: number }) => r.stationId),
      );
    },
    'GET /api/web/common/bounds': async () => {
      const r = await server.call('GET', `/api/web/common/bounds?type=station&code=${hidden.stationCode}`, {
        token: callerToken,
      });
      expect(r.status).toBe(404);
    },
    'POST /api/security/sys/permission/user_authorize_station': () =>
      expectForbidden('POST', '/api/security/sys/permission/user_authorize_station', {
        userId: other.id,
        type: 'add',
        stationIds: [visible.id, hidden.id],
      }),
    'GET /api/security/sys/user/transfer_authority': () =>
      expectForbidden(
        'GET',
        `/api/security/sys/user/transfer_authority?fromUserId=${owner.id}&toUserId=${other.id}&stationIds=${hidden.id}`,
      ),
    'POST /api/security/sys/role/rights': () =>
      expectForbidden('POST', '/api/security/sys/role/rights', {
        roleId,
        features: [],
        dataScope: 'list',
        stationIds: [hidden.id],
      }),
    'POST /api/security/sys/user/station_user_page': async () => {
      const r = await server.call('POST', '/api/security/sys/user/station_user_page', {
        token: callerToken,
        body: { userId: owner.id },
      });
      expect(r.status).toBe(200);
      expect(r.body.data.records.map((s: { stationId: number }) => s.stationId)).toEqual([visible.id]);
      expect(r.body.data.total).toBe(1);
    },
    'GET /api/web/sys/tag/list': async () => {
      const tag = await server.db
        .insertInto('tag')
        .values({ name: '只在隐藏站点' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db.insertInto('station_tag').values({ station_id: hidden.id, tag_id: tag.id }).execute();
      const r = await server.call('GET', '/api/web/sys/tag/list?keywords=只在隐藏', { token: callerToken });
      expect(r.status).toBe(200);
      expect(r.body.data.map((t: { usageCount: number }) => t.usageCount)).toEqual([0]);
      const groups = await server.call('GET', '/api/web/sys/tag/group/list', { token: callerToken });
      expect(JSON.stringify(groups.body.data)).not.toMatch(/"usageCount":[1-9]/);
    },
    'POST /api/web/manufacturer/getList': async () => {
      const type = await server.db
        .insertInto('device_type')
        .values({ name: '隐藏类型' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const maker = await server.db
        .insertInto('manufacturer')
        .values({ device_type_id: type.id, name: '隐藏厂家' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db
        .updateTable('station')
        .set({ manufacturer_id: maker.id })
        .where('id', '=', hidden.id)
        .execute();
      const r = await server.call('POST', '/api/web/manufacturer/getList', {
        token: callerToken,
        body: { deviceTypeId: type.id },
      });
      expect(r.status).toBe(200);
      expect(r.body.data[0].children.map((m: { stationCount: number }) => m.stationCount)).toEqual([0]);
    },
    'POST /api/security/sys/permission/station_options': async () => {
      const r = await server.call('POST', '/api/security/sys/permission/station_options', {
        token: callerToken,
        body: { keywords: '的项目' },
      });
      expect(r.status).toBe(200);
      expect(r.body.data.map((s: { id: number }) => s.id)).toEqual([visible.id]);
    },
  };

  it('lists only routes of the permission table', () => {
    for (const route of Object.keys(STATION_SCOPED)) expect(Object.keys(PERMISSIONS)).toContain(route);
  });

  it.each(
    Object.keys(STATION_SCOPED),
  )('%s refuses or leaves out a site the caller cannot see', async (route) => {
    await STATION_SCOPED[route]!();
  });

  it('changed nothing while refusing', async () => {
    const assigned = await server.db
      .selectFrom('user_station')
      .selectAll()
      .where('user_id', '=', other.id)
      .execute();
    expect(assigned).toEqual([]);
    const station = await server.db
      .selectFrom('station')
      .select('owner_id')
      .where('id', '=', hidden.id)
      .executeTakeFirstOrThrow();
    expect(station.owner_id).toBe(owner.id);
    const roleStations = await server.db
      .selectFrom('role_station')
      .selectAll()
      .where('role_id', '=', roleId)
      .execute();
    expect(roleStations).toEqual([]);
    const hiddenNow = await server.db
      .selectFrom('station')
      .select(['project_name', 'is_deleted'])
      .where('id', '=', hidden.id)
      .executeTakeFirstOrThrow();
    expect(hiddenNow).toEqual({ project_name: '看不见的项目', is_deleted: false });
  });
});

/**
 * Rules between administrators (issue 12): a user administrator holding only `system.user` and
 * `system.role` acts only on users whose role is within their own rights, hands out only such roles,
 * and never changes their own role. Each row tries one escalation and must be refused, changing nothing.
 */
describe('privilege escalation between administrators', () => {
  let caller: { id: number; roleId: number };
  let callerToken: string;
  let strong: { id: number; account: string; roleId: number };
  let weak: { id: number; account: string; roleId: number };
  let adminRoleId: number;
  let companyId: number;
  let wideRoleId: number;
  let hiddenListRoleId: number;
  let seenSite: { id: number; stationCode: string };
  let unseenSite: { id: number; stationCode: string };

  beforeAll(async () => {
    caller = await buildUser(server.db, { features: ['system.user', 'system.role'], dataScope: 'list' });
    callerToken = await server.login((await accountOf(caller.id))!, 'Secret#123a');
    // The caller's role lists one site; another site is beyond the caller.
    seenSite = await buildStation(server.db);
    unseenSite = await buildStation(server.db);
    await grantRoleStations(server.db, caller.roleId, [seenSite.id]);
    strong = await buildUser(server.db, { features: ['system.user', 'system.role', 'data.process'] });
    weak = await buildUser(server.db, { features: ['system.user'] });
    adminRoleId = (
      await server.db.selectFrom('role').select('id').where('is_admin', '=', true).executeTakeFirstOrThrow()
    ).id;
    companyId = (await server.db.selectFrom('company').select('id').executeTakeFirstOrThrow()).id;
    // Same features as the caller but every site: wider data permissions.
    wideRoleId = (await buildUser(server.db, { features: ['system.user'], dataScope: 'all' })).roleId;
    // A site list the caller cannot see.
    const hiddenSite = await buildStation(server.db);
    hiddenListRoleId = (await buildUser(server.db, { features: ['system.user'] })).roleId;
    await grantRoleStations(server.db, hiddenListRoleId, [hiddenSite.id]);
  });

  async function accountOf(id: number) {
    return (await server.db.selectFrom('app_user').select('account').where('id', '=', id).executeTakeFirst())
      ?.account;
  }
  async function roleOf(id: number) {
    return (await server.db.selectFrom('app_user').select('role_id').where('id', '=', id).executeTakeFirst())
      ?.role_id;
  }
  async function nameOfRole(id: number) {
    return (await server.db
      .selectFrom('role')
      .select(['name', 'description'])
      .where('id', '=', id)
      .executeTakeFirst())!;
  }
  async function featuresOfRole(id: number) {
    const rows = await server.db
      .selectFrom('role_feature')
      .select('feature')
      .where('role_id', '=', id)
      .execute();
    return rows.map((r) => r.feature).sort();
  }
  async function assignedTo(userId: number) {
    const rows = await server.db
      .selectFrom('user_station')
      .select('station_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.station_id).sort();
  }
  async function ownerOf(stationId: number) {
    return (
      await server.db
        .selectFrom('station')
        .select('owner_id')
        .where('id', '=', stationId)
        .executeTakeFirstOrThrow()
    ).owner_id;
  }
  async function hashOf(id: number) {
    return (
      await server.db.selectFrom('app_user').select('password_hash').where('id', '=', id).executeTakeFirst()
    )?.password_hash;
  }
  async function expectRefused(url: string, body: unknown, code: string, method: 'GET' | 'POST' = 'POST') {
    const r = await server.call(method, url, { token: callerToken, body, language: 'EN' });
    expect(r.status, url).toBe(403);
    expect(r.body.data.errorCode).toBe(code);
  }
  const userBody = (overrides: Record<string, unknown>) => ({
    account: 'esc_user01',
    userName: 'Escalation',
    companyId,
    groupId: null,
    phone: '',
    email: '',
    password: 'Wind#Mast2026',
    ...overrides,
  });

  const ROWS: Record<string, () => Promise<void>> = {
    'moving oneself into the administrator role': async () => {
      await expectRefused(
        '/api/security/sys/user/save_or_update',
        userBody({ id: caller.id, account: await accountOf(caller.id), roleId: adminRoleId }),
        'CANNOT_CHANGE_OWN_ROLE',
      );
      expect(await roleOf(caller.id)).toBe(caller.roleId);
    },
    'moving oneself into a stronger role': async () => {
      await expectRefused(
        '/api/security/sys/user/save_or_update',
        userBody({ id: caller.id, account: await accountOf(caller.id), roleId: strong.roleId }),
        'CANNOT_CHANGE_OWN_ROLE',
      );
      expect(await roleOf(caller.id)).toBe(caller.roleId);
    },
    'moving a weaker user into a stronger role': async () => {
      await expectRefused(
        '/api/security/sys/user/save_or_update',
        userBody({ id: weak.id, account: weak.account, roleId: strong.roleId }),
        'GRANT_EXCEEDS_OWN',
      );
      expect(await roleOf(weak.id)).toBe(weak.roleId);
    },
    'creating a user in a stronger role': async () => {
      await expectRefused(
        '/api/security/sys/user/save_or_update',
        userBody({ roleId: strong.roleId }),
        'GRANT_EXCEEDS_OWN',
      );
    },
    'creating a user in a role with every site': async () => {
      await expectRefused(
        '/api/security/sys/user/save_or_update',
        userBody({ roleId: wideRoleId }),
        'GRANT_EXCEEDS_OWN',
      );
    },
    'creating a user in a role listing a site the caller cannot see': async () => {
      await expectRefused(
        '/api/security/sys/user/save_or_update',
        userBody({ roleId: hiddenListRoleId }),
        'GRANT_EXCEEDS_OWN',
      );
    },
    'editing a stronger user (their e-mail, to reset by mail)': async () => {
      await expectRefused(
        '/api/security/sys/user/save_or_update',
        userBody({ id: strong.id, account: strong.account, roleId: strong.roleId, email: 'x@evil.example' }),
        'TARGET_EXCEEDS_OWN',
      );
    },
    'resetting the password of a stronger user': async () => {
      const before = await hashOf(strong.id);
      await expectRefused('/api/security/sys/user/reset_password', { id: strong.id }, 'TARGET_EXCEEDS_OWN');
      expect(await hashOf(strong.id)).toBe(before);
    },
    'resetting the password of the administrator': async () => {
      const admin = await server.db
        .selectFrom('app_user')
        .select(['id', 'password_hash'])
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow();
      await expectRefused('/api/security/sys/user/reset_password', { id: admin.id }, 'TARGET_EXCEEDS_OWN');
      expect(await hashOf(admin.id)).toBe(admin.password_hash);
    },
    'resetting the second factor of a stronger user': async () => {
      await server.db
        .insertInto('user_second_factor')
        .values({ user_id: strong.id, secret: Buffer.alloc(40), enabled_at: new Date() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await expectRefused(
        '/api/security/sys/user/reset_second_factor',
        { id: strong.id },
        'TARGET_EXCEEDS_OWN',
      );
      const row = await server.db
        .selectFrom('user_second_factor')
        .select('user_id')
        .where('user_id', '=', strong.id)
        .executeTakeFirst();
      expect(row?.user_id).toBe(strong.id);
    },
    'unlocking the second factor of a stronger user': async () => {
      const lockedUntil = new Date(Date.now() + 3_600_000);
      await server.db
        .insertInto('user_second_factor')
        .values({ user_id: strong.id, secret: Buffer.alloc(40), enabled_at: new Date() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await server.db
        .updateTable('user_second_factor')
        .set({ failures: 10, locked_until: lockedUntil })
        .where('user_id', '=', strong.id)
        .execute();
      await expectRefused(
        '/api/security/sys/user/unlock_second_factor',
        { id: strong.id },
        'TARGET_EXCEEDS_OWN',
      );
      const row = await server.db
        .selectFrom('user_second_factor')
        .select('locked_until')
        .where('user_id', '=', strong.id)
        .executeTakeFirstOrThrow();
      expect(row.locked_until).toEqual(lockedUntil);
    },
    'deleting a stronger user': async () => {
      await expectRefused(
        `/api/security/sys/user/delete?id=${strong.id}`,
        undefined,
        'TARGET_EXCEEDS_OWN',
        'GET',
      );
      expect(await accountOf(strong.id)).toBe(strong.account);
    },
    // Issue 26 §1: reach through direct assignments and ownership counts, and so does what a change removes.
    'resetting the password of a weaker-role user who is assigned a site the caller cannot see': async () => {
      const sneaky = await buildUser(server.db, { features: ['system.user'] });
      await assignStations(server.db, sneaky.id, [unseenSite.id]);
      const before = await hashOf(sneaky.id);
      await expectRefused('/api/security/sys/user/reset_password', { id: sneaky.id }, 'TARGET_EXCEEDS_OWN');
      expect(await hashOf(sneaky.id)).toBe(before);
    },
    'removing rights from a stronger role, then resetting its holder’s password': async () => {
      const holder = await buildUser(server.db, { features: ['system.user', 'system.role', 'data.process'] });
      await expectRefused(
        '/api/security/sys/role/rights',
        { roleId: holder.roleId, features: ['system.user'], dataScope: 'list', stationIds: [] },
        'ROLE_EXCEEDS_OWN',
      );
      expect(await featuresOfRole(holder.roleId)).toEqual(['data.process', 'system.role', 'system.user']);
      const before = await hashOf(holder.id);
      await expectRefused('/api/security/sys/user/reset_password', { id: holder.id }, 'TARGET_EXCEEDS_OWN');
      expect(await hashOf(holder.id)).toBe(before);
    },
    'renaming the administrator role': async () => {
      const before = await nameOfRole(adminRoleId);
      await expectRefused(
        '/api/security/sys/role/save_or_update',
        { id: adminRoleId, name: '被改名' },
        'ROLE_EXCEEDS_OWN',
      );
      expect(await nameOfRole(adminRoleId)).toEqual(before);
    },
    'renaming a role whose holder is assigned a site the caller cannot see': async () => {
      const holder = await buildUser(server.db, { features: ['system.user'] });
      await assignStations(server.db, holder.id, [unseenSite.id]);
      const before = await nameOfRole(holder.roleId);
      await expectRefused(
        '/api/security/sys/role/save_or_update',
        { id: holder.roleId, name: '改名' },
        'ROLE_EXCEEDS_OWN',
      );
      expect(await nameOfRole(holder.roleId)).toEqual(before);
    },
    'removing a visible site from a user with every feature on every site': async () => {
      const everything = await buildUser(server.db, { features: [...FEATURE_KEYS], dataScope: 'all' });
      await assignStations(server.db, everything.id, [seenSite.id]);
      await expectRefused(
        '/api/security/sys/permission/user_authorize_station',
        { userId: everything.id, stationIds: [seenSite.id], type: 'remove' },
        'TARGET_EXCEEDS_OWN',
      );
      expect(await assignedTo(everything.id)).toEqual([seenSite.id]);
    },
    'taking a visible site away from a user who reaches more than the caller': async () => {
      const site = await buildStation(server.db);
      await grantRoleStations(server.db, caller.roleId, [site.id]);
      const stronger = await buildUser(server.db, { features: ['system.user', 'data.process'] });
      await server.db
        .updateTable('station')
        .set({ owner_id: stronger.id })
        .where('id', '=', site.id)
        .execute();
      await expectRefused(
        `/api/security/sys/user/transfer_authority?fromUserId=${stronger.id}&toUserId=${weak.id}&stationIds=${site.id}`,
        undefined,
        'TARGET_EXCEEDS_OWN',
        'GET',
      );
      expect(await ownerOf(site.id)).toBe(stronger.id);
    },
    'deleting a user who reaches a site the caller cannot see': async () => {
      const reaching = await buildUser(server.db, { features: ['system.user'] });
      await assignStations(server.db, reaching.id, [unseenSite.id]);
      await expectRefused(
        `/api/security/sys/user/delete?id=${reaching.id}`,
        undefined,
        'TARGET_EXCEEDS_OWN',
        'GET',
      );
      expect(await accountOf(reaching.id)).toBe(reaching.account);
    },
    'assigning a visible site to a user who reaches a site the caller cannot see': async () => {
      const reaching = await buildUser(server.db, { features: ['system.user'] });
      await assignStations(server.db, reaching.id, [unseenSite.id]);
      await expectRefused(
        '/api/security/sys/permission/user_authorize_station',
        { userId: reaching.id, stationIds: [seenSite.id], type: 'add' },
        'TARGET_EXCEEDS_OWN',
      );
      expect(await assignedTo(reaching.id)).toEqual([unseenSite.id]);
    },
    'granting its own role a feature it lacks': async () => {
      await expectRefused(
        '/api/security/sys/role/rights',
        {
          roleId: caller.roleId,
          features: ['system.user', 'system.role', 'data.process'],
          dataScope: 'list',
          stationIds: [],
        },
        'GRANT_EXCEEDS_OWN',
      );
    },
    'granting its own role every site': async () => {
      await expectRefused(
        '/api/security/sys/role/rights',
        { roleId: caller.roleId, features: ['system.user', 'system.role'], dataScope: 'all', stationIds: [] },
        'GRANT_EXCEEDS_OWN',
      );
    },
  };

  it.each(Object.keys(ROWS))('refuses %s', async (row) => {
    await ROWS[row]!();
  });

  it('still lets the caller manage a user within its own rights', async () => {
    const r = await server.call('POST', '/api/security/sys/user/reset_password', {
      token: callerToken,
      body: { id: weak.id },
    });
    expect(r.status).toBe(200);
    const created = await server.call('POST', '/api/security/sys/user/save_or_update', {
      token: callerToken,
      body: userBody({ account: 'esc_ok01!', roleId: weak.roleId }),
    });
    expect(created.status).toBe(200);
  });

  it('lists to a user without user administration only the users of their own company', async () => {
    const plain = await buildUser(server.db, { features: [] });
    const token = await server.login(plain.account, plain.password);
    const r = await server.call('POST', '/api/security/sys/user/list', { token, body: {} });
    expect(r.status).toBe(200);
    expect(r.body.data.map((u: { id: number }) => u.id)).toEqual([plain.id]);
  });
});
