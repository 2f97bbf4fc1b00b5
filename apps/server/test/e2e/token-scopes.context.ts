import { expect } from 'vitest';
import { demoMonthFiles } from '../../src/modules/seed/demo-timeseries.ts';
import { multipartBody, type TFormPart } from '../multipart.ts';
import type { TTestServer } from '../test-server.ts';
import type { TContext } from './token-scopes.fixtures.ts';

const HOUR_MS = 3_600_000;

/** An hourly text .wnd (UTC) over the demo months: what a mesoscale provider delivers. */
function wnd(fromMs: number, toMs: number): Buffer {
  const lines = ['Timestamp,WS_100m,WD_100m'];
  for (let t = fromMs; t < toMs; t += HOUR_MS) {
    const speed = 6 + 3 * Math.sin(t / (86_400_000 * 2.7)) + Math.cos(t / 7_200_000);
    lines.push(
      `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')},${speed.toFixed(3)},${((t / HOUR_MS) * 13) % 360}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The first demo site's logger file of the month after the seeded ones, in its own layout. */
async function nextMonthFile(server: TTestServer, stationId: number, seeded: TSeeded): Promise<Buffer> {
  const site = await server.db
    .selectFrom('station')
    .select(['pylon_height_m', 'altitude_m', 'logger_utc_offset_minutes'])
    .where('id', '=', stationId)
    .executeTakeFirstOrThrow();
  const files = [
    ...demoMonthFiles({
      siteIndex: 0,
      topM: site.pylon_height_m!,
      altitudeM: site.altitude_m ?? 1000,
      utcOffsetMinutes: site.logger_utc_offset_minutes,
      firstMonth: seeded.firstMonth,
      months: seeded.months + 1,
    }),
  ];
  return files.at(-1)!.content;
}

/** What the scope test seeded of the demo data: its first month and how many. */
export interface TSeeded {
  firstMonth: number;
  months: number;
}

/**
 * The records the fixtures point at, made as a user would make them (API calls of the administrator's
 * session) on top of the demo data, or read from it.
 */
export async function buildContext(server: TTestServer, session: string, seeded: TSeeded): Promise<TContext> {
  const { db } = server;
  // Every record is tried and what failed is said at once, all together.
  const failed: string[] = [];
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await server.call(method, url, { token: session, body });
    if (r.status !== 200) failed.push(`${method} ${url}: ${r.status} ${r.body.msg}`);
    return r.body.data ?? {};
  };
  const form = async (url: string, parts: TFormPart[]) => {
    const { payload, contentType } = multipartBody(parts);
    const r = await server.app.inject({
      method: 'POST',
      url,
      headers: { token: session, 'content-type': contentType },
      payload,
    });
    if (r.statusCode !== 200) failed.push(`${url}: ${r.statusCode} ${r.body}`);
    return r.json().data ?? {};
  };

  const versions = await db
    .selectFrom('dataset_version')
    .innerJoin('ts_version_summary', 'ts_version_summary.version_id', 'dataset_version.id')
    .select(['dataset_version.id', 'dataset_version.station_id', 'ts_version_summary.last_time'])
    .where('dataset_version.kind', '=', 'original')
    .orderBy('dataset_version.station_id')
    .execute();
  expect(versions.length).toBe(2);
  const [site, site2] = versions as [(typeof versions)[0], (typeof versions)[0]];
  const channels = await db
    .selectFrom('ts_channel')
    .select(['id', 'version_id', 'element', 'statistic', 'height_m'])
    .where(
      'version_id',
      'in',
      versions.map((v) => v.id),
    )
    .orderBy('height_m', 'desc')
    .orderBy('id')
    .execute();
  const pick = (versionId: number, element: string, statistic = 'mean', nth = 0) => {
    const found = channels.filter(
      (c) => Number(c.version_id) === versionId && c.element === element && c.statistic === statistic,
    )[nth];
    expect(found, `${element} ${statistic} of version ${versionId}`).toBeDefined();
    return Number(found!.id);
  };
  const versionId = Number(site.id);
  const version2Id = Number(site2.id);
  const lastMs = (site.last_time as Date).getTime();
  const firstMs = lastMs - 40 * 86_400_000;

  // A working copy with a processing task and a manual mark, as an engineer starts cleaning data.
  const working = await call('POST', '/api/web/version/save', {
    stationId: Number(site.station_id),
    sourceVersionId: versionId,
    name: 'scope test working copy',
  });
  const workingVersionId = Number(working.id ?? working);
  const speedId = pick(versionId, 'ws');
  await call('POST', '/api/web/version/mark/save', {
    versionId: workingVersionId,
    channelIds: (
      await db
        .selectFrom('ts_channel')
        .select('id')
        .where('version_id', '=', workingVersionId)
        .limit(1)
        .execute()
    ).map((c) => Number(c.id)),
    startTime: new Date(lastMs - 2 * HOUR_MS).toISOString(),
    endTime: new Date(lastMs - HOUR_MS).toISOString(),
    flag: 2,
  });

  await call('POST', '/api/data-process/process/qc', { versionId: workingVersionId });
  await call('POST', '/api/web/repair/record/save', {
    stationId: Number(site.station_id),
    faultType: 'logger',
    faultDesc: 'no data since the storm',
  });

  // The next month's file as the site's logger sends it, parsed with the site's rule: its raw file (and
  // parse task) and its data receipt.
  const ingested = await server.services.ingestion.ingestFile({
    stationId: Number(site.station_id),
    fileName: 'scope-test-next-month.csv',
    source: 'upload',
    bytes: await nextMonthFile(server, Number(site.station_id), seeded),
  });
  if (ingested.status !== 'parsed') failed.push(`the next month's file was not parsed: ${ingested.status}`);
  await server.services.receipts.receipts.computeReceipt(ingested.rawFileId);
  const rawFile = { id: ingested.rawFileId };
  const receipt = await db.selectFrom('data_receipt').select('id').orderBy('id', 'desc').executeTakeFirst();

  const webhook = await call('POST', '/api/system/webhook/create', {
    name: 'scope test hook',
    url: 'http://127.0.0.1:9/hook',
    events: ['alarm.opened'],
  });
  const dataSource = await call('POST', '/api/web/data_source/save_or_update', {
    name: 'scope_test_inbox',
    fetchType: 'email',
    protocol: 'imap',
    host: '127.0.0.1',
    port: 9,
    username: 'logger@example.com',
    password: 'Inbox#2026',
  });
  const dataSourceId = Number(dataSource.id ?? dataSource);
  const matchRule = await call('POST', '/api/web/rule/file_match/save_or_update', {
    name: 'scope_test_match',
    dataSourceId,
    inbox: 'INBOX',
    stationMode: 'fixed',
    stationId: Number(site.station_id),
  });
  const contact = await call('POST', '/api/web/contacts/save', {
    type: 1,
    name: 'Scope Test Contact',
    email: 'contact@example.com',
  });
  const attachment = await form(`/api/web/station/attachment/upload?stationId=${site.station_id}`, [
    { name: 'stationId', value: String(site.station_id) },
    {
      name: 'file',
      fileName: 'acceptance.pdf',
      content: Buffer.from('%PDF-1.4\n%%EOF\n'),
      contentType: 'application/pdf',
    },
  ]);
  await call('POST', '/api/web/station/password_record/add', {
    stationId: Number(site.station_id),
    kind: 'logger',
    password: 'Logger#Pw-1',
  });
  const mesoscale = await form('/api/web/mesoscale/upload', [
    { name: 'stationId', value: String(site.station_id) },
    { name: 'name', value: 'scope test ERA5' },
    { name: 'utcOffsetMinutes', value: '0' },
    { name: 'file', fileName: 'era5_100m.wnd', content: wnd(firstMs - 86_400_000, lastMs + 86_400_000) },
  ]);

  // A sensor with a certificate (issue 44 §2); no PDF attached.
  const sensor = await db
    .insertInto('sensor')
    .values({ oem: 'Thies', model: 'First Class', serial_number: 'SCOPE-1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const calibration = await db
    .insertInto('sensor_calibration')
    .values({
      sensor_id: sensor.id,
      slope: 0.0458,
      offset: 0.24,
      source: 'certificate',
      certificate: JSON.stringify({ version: '1.1.0-2022.06' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const one = async (table: string, where?: [string, unknown]) => {
    let q = db.selectFrom(table as 'station').select('id' as 'id');
    if (where) q = q.where(where[0] as 'id', '=', where[1] as number);
    const row = await q.orderBy('id').executeTakeFirst();
    if (!row) failed.push(`no row of ${table}`);
    return Number(row?.id ?? 0);
  };
  const admin = await db
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  const otherUser = await db
    .selectFrom('app_user')
    .select(['id'])
    .where('account', '<>', 'admin')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const manufacturer = await db
    .selectFrom('manufacturer')
    .select(['id', 'device_type_id'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const station = await db
    .selectFrom('station')
    .select(['station_code'])
    .where('id', '=', Number(site.station_id))
    .executeTakeFirstOrThrow();

  const context: TContext = {
    adminId: Number(admin.id),
    userId: Number(otherUser.id),
    stationId: Number(site.station_id),
    stationCode: station.station_code,
    station2Id: Number(site2.station_id),
    versionId,
    version2Id,
    workingVersionId,
    speedId,
    speedLowId: pick(versionId, 'ws', 'mean', 2),
    sdId: pick(versionId, 'ws', 'sd'),
    dirId: pick(versionId, 'wd'),
    tempId: pick(versionId, 'T'),
    speed2Id: pick(version2Id, 'ws'),
    dir2Id: pick(version2Id, 'wd'),
    firstTime: new Date(firstMs).toISOString(),
    lastTime: new Date(lastMs).toISOString(),
    rawFileId: Number(rawFile.id),
    parseTaskId: ingested.rawFileId,
    receiptId: receipt ? Number(receipt.id) : 0,
    processingTaskId: await one('processing_task'),
    markId: await one('flag_mark'),
    turbineId: await one('turbine'),
    mesoscaleId: Number(mesoscale.id ?? mesoscale),
    referenceId: await one('reference_series'),
    dataReportId: await one('data_report'),
    groupId: await one('report_group'),
    groupReportId: await one('group_report'),
    applyId: await one('download_application'),
    webhookId: Number(webhook.id),
    dataSourceId,
    fileMatchRuleId: Number(matchRule.id ?? matchRule),
    parseRuleId: await one('parse_rule'),
    qcRuleId: await one('qc_rule'),
    mapLayerId: await one('map_layer'),
    channelConfigId: await one('channel_config', ['station_id', Number(site.station_id)]),
    sensorId: await one('sensor'),
    attachmentId: Number(attachment.id ?? attachment),
    passwordRecordId: await one('station_password_record'),
    roleId: await one('role'),
    companyId: await one('company'),
    deptId: await one('dept'),
    manufacturerId: Number(manufacturer.id),
    deviceTypeId: Number(manufacturer.device_type_id),
    ownerId: await one('owner'),
    tagId: await one('tag'),
    contactId: Number(contact.id ?? contact),
    alarmId: await one('alarm'),
    repairRecordId: await one('repair_record'),
    messageId: await one('message'),
    templateId: await one('report_template'),
    calibrationId: Number(calibration.id),
  };
  expect(failed, 'records the scope test could not make').toEqual([]);
  return context;
}
