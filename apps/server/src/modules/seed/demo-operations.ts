import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AlarmService } from '../alarms/index.ts';
import type { DataReportService, ReportService } from '../reports/index.ts';
import {
  periodContaining,
  type TPeriod,
  UNBUILT_DATA_REPORT,
  UNBUILT_SCHEDULED_REPORT,
} from '../reports/index.ts';
import { DEMO_SITE_COUNT } from './demo-timeseries.ts';

const DAY = 86_400_000;

/** Says plainly in every demo repair that no e-mail left this machine. */
const NOT_SENT = '（演示数据：未实际发送邮件 / demo data: no e-mail was sent）';

/**
 * The operations loop on the three demo sites with data, so a new user sees it on the first start
 * (issue 14): after the sweep has raised their alarms, one site has alarms handled (icing judged
 * normal, one ignored), one is in maintenance with an open repair requested for its silence, one is
 * watched closely and has a closed repair in its history; the address book holds repair contacts.
 * The demo addresses use the reserved `.example` domain, and every demo repair request says it was not
 * sent. Runs once: a second call finds the repairs and returns.
 */
export async function seedDemoOperations(
  db: Database,
  alarms: AlarmService,
  log: Logger,
  now = new Date(),
): Promise<boolean> {
  await alarms.sweepNoData(now);
  const existing = await db.selectFrom('repair_record').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const sites = await demoSites(db);
  if (sites.length < 3 || sites.some((s) => s.start_time === null)) return false;
  const people = await demoPeople(db);
  const admin = people.find((p) => p.is_admin);
  if (!admin) return false;
  const handlerRow = people.find((p) => p.account === 'ops_wang01') ?? admin;
  const handler: THandler = {
    user: {
      id: Number(handlerRow.id),
      account: handlerRow.account,
      userName: handlerRow.user_name,
    } as TAuthUser,
    deptName: handlerRow.dept_name ?? '',
  };
  const [iced, silent, watched] = sites as [TDemoSite, TDemoSite, TDemoSite];

  await db.transaction().execute(async (trx) => {
    await seedContacts(trx, admin.company_id === null ? null : Number(admin.company_id), Number(admin.id));
    await judgeIcing(trx, iced, handler.user, now);
    await requestRepairOfSilentSite(trx, alarms, silent, handler, now);
    await recordPastRepair(trx, alarms, watched, handler, now);
  });
  log.info({ sites: sites.map((s) => s.station_code) }, 'demo alarms handled and repairs recorded');
  return true;
}

type TTrx = Parameters<Parameters<ReturnType<Database['transaction']>['execute']>[0]>[0];
type TDemoSite = Awaited<ReturnType<typeof demoSites>>[number];
/** Who handles the demo alarms and requests the repairs, with the department a request names. */
interface THandler {
  user: TAuthUser;
  deptName: string;
}

/** The site columns of a demo repair request: the site's own repair addresses, or the demo contractor's. */
function requestedFor(site: TDemoSite) {
  return {
    station_id: site.id,
    station_code: site.station_code,
    project_name: site.project_name,
    device_type: site.device_type ?? '',
    manufacturer_name: site.manufacturer_name ?? '',
    receiver_addrs: site.repair_emails.length > 0 ? site.repair_emails : ['repair0@masthub.example'],
    copy_addrs: site.cc_emails,
  };
}

/** The sites seedDemoTimeseries gave data to (the first masts), once they hold data. */
async function demoSites(db: Database) {
  return await db
    .selectFrom('station as s')
    .leftJoin('manufacturer as m', 'm.id', 's.manufacturer_id')
    .leftJoin('device_type as d', 'd.id', 'm.device_type_id')
    .select(['s.id', 's.station_code', 's.project_name', 's.repair_emails', 's.cc_emails', 's.start_time'])
    .select(['m.name as manufacturer_name', 'd.name as device_type'])
    .where('s.station_type', '=', 'met_mast')
    .where('s.pylon_height_m', 'is not', null)
    .where('s.is_deleted', '=', false)
    .orderBy('s.id')
    .limit(DEMO_SITE_COUNT)
    .execute();
}

async function demoPeople(db: Database) {
  return await db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .leftJoin('dept as g', 'g.id', 'u.dept_id')
    .select(['u.id', 'u.account', 'u.user_name', 'u.company_id', 'r.is_admin', 'g.name as dept_name'])
    .where('u.is_deleted', '=', false)
    .orderBy('u.id')
    .execute();
}

/** The address book of the demo company. */
async function seedContacts(trx: TTrx, companyId: number | null, creatorId: number): Promise<void> {
  await trx
    .insertInto('contact')
    .values([
      {
        company_id: companyId,
        type: 2,
        name: '华北风电运维服务有限公司',
        email: 'repair0@masthub.example',
        phone: '010-88880000',
        function: '运维单位',
        creator_id: creatorId,
      },
      {
        company_id: companyId,
        type: 2,
        name: '测风设备厂家技术支持',
        email: 'support@logger.masthub.example',
        phone: '400-800-0000',
        function: '设备厂家',
        creator_id: creatorId,
      },
      {
        company_id: companyId,
        type: 1,
        name: '风资源评估部',
        email: 'wra@masthub.example',
        function: '周报收件人',
        creator_id: creatorId,
      },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Site 1: the icing spells the QC rules flagged, judged by the handler. */
async function judgeIcing(trx: TTrx, iced: TDemoSite, handler: TAuthUser, now: Date): Promise<void> {
  const abnormal = await trx
    .selectFrom('alarm')
    .select(['id'])
    .where('station_id', '=', iced.id)
    .where('type', '=', 'data_abnormal')
    .orderBy('period_start')
    .execute();
  const decisions: [string, string][] = [
    ['normal', '覆冰期间风速计结冰，天气转暖后已自然恢复'],
    ['ignore', '已知的覆冰时段，数据处理时按覆冰剔除'],
  ];
  for (const [i, alarm] of abnormal.slice(0, 2).entries()) {
    await trx
      .updateTable('alarm')
      .set({
        handle_status: decisions[i]![0] as 'normal' | 'ignore',
        handler_id: handler.id,
        handler_name: handler.userName,
        handle_time: new Date(now.getTime() - (20 - i) * DAY),
        reason: decisions[i]![1],
      })
      .where('id', '=', alarm.id)
      .execute();
  }
}

/** Site 2: silent since its last file; a repair was requested and is under way. */
async function requestRepairOfSilentSite(
  trx: TTrx,
  alarms: AlarmService,
  silent: TDemoSite,
  { user: handler, deptName }: THandler,
  now: Date,
): Promise<void> {
  const missing = await trx
    .selectFrom('alarm')
    .select(['id', 'period_start', 'period_end'])
    .where('station_id', '=', silent.id)
    .where('type', '=', 'data_missing')
    .where('is_open', '=', true)
    .executeTakeFirst();
  const reason = `数据采集器连续多日无数据回传，疑似供电或通信故障，请现场检查${NOT_SENT}`;
  const request = await trx
    .insertInto('repair_request')
    .values({
      ...requestedFor(silent),
      reason,
      period_start: missing?.period_start ?? null,
      period_end: missing?.period_end ?? null,
      operator_id: handler.id,
      operator_name: handler.userName,
      group_name: deptName,
      mail_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const open = await trx
    .insertInto('repair_record')
    .values({
      station_id: silent.id,
      request_id: Number(request.id),
      fault_type: '数据中断',
      fault_desc: reason,
      fault_start: missing?.period_start ?? new Date(now.getTime() - 7 * DAY),
      maintain_date: null,
      end_time: null,
      closed_by: null,
      closed_at: null,
      creator_id: handler.id,
      creator_name: handler.userName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await alarms.markRepairRequested(trx, handler, {
    stationId: Number(silent.id),
    alarmIds: missing ? [Number(missing.id)] : [],
    reason,
    repairId: Number(open.id),
  });
}

/** Site 3: a repair of last season in its history, and its silence now watched closely. */
async function recordPastRepair(
  trx: TTrx,
  alarms: AlarmService,
  watched: TDemoSite,
  { user: handler, deptName }: THandler,
  now: Date,
): Promise<void> {
  const start = (watched.start_time ?? new Date(now.getTime() - 400 * DAY)).getTime();
  const faultStart = new Date(start + 200 * DAY);
  const pastRequest = await trx
    .insertInto('repair_request')
    .values({
      ...requestedFor(watched),
      reason: `顶层风速计读数长时间为 0，疑似轴承卡死${NOT_SENT}`,
      period_start: faultStart,
      period_end: new Date(faultStart.getTime() + 3 * DAY),
      operator_id: handler.id,
      operator_name: handler.userName,
      group_name: deptName,
      mail_id: null,
      created_at: new Date(faultStart.getTime() + 3 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('repair_record')
    .values({
      station_id: watched.id,
      request_id: Number(pastRequest.id),
      fault_type: '风速计故障',
      fault_desc: '顶层风速计读数长时间为 0，疑似轴承卡死',
      fault_start: faultStart,
      maintain_result: '更换顶层风速计并复测，校准证书已归档；故障期间数据已在工作版本中标记为无效',
      maintain_staff: '王强',
      maintain_date: new Date(faultStart.getTime() + 9 * DAY),
      end_time: new Date(faultStart.getTime() + 9 * DAY + 6 * 3_600_000),
      is_closed: true,
      closed_by: handler.id,
      closed_at: new Date(faultStart.getTime() + 10 * DAY),
      creator_id: handler.id,
      creator_name: handler.userName,
      created_at: new Date(faultStart.getTime() + 3 * DAY),
    })
    .execute();
  const watchedAlarm = await trx
    .selectFrom('alarm')
    .select('id')
    .where('station_id', '=', watched.id)
    .where('type', '=', 'data_missing')
    .where('is_open', '=', true)
    .executeTakeFirst();
  if (watchedAlarm) {
    await trx
      .updateTable('alarm')
      .set({
        handle_status: 'focus',
        handler_id: handler.id,
        handler_name: handler.userName,
        handle_time: new Date(now.getTime() - DAY),
        reason: '通信中断，已联系现场人员确认供电情况',
      })
      .where('id', '=', watchedAlarm.id)
      .execute();
    await alarms.applyStatus(trx, Number(watched.id), 'handled_focus');
  }
}

/**
 * Two demo report groups on the three masts with data — weekly and monthly — with reports of the last
 * weeks and month the demo data covers, rendered like any other (so the report screens have content
 * on the first start). The groups do not send e-mail. Runs once.
 */
export async function seedDemoReports(db: Database, reports: ReportService, log: Logger): Promise<boolean> {
  const existing = await db.selectFrom('report_group').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const sites = await db
    .selectFrom('station')
    .select(['id', 'data_time'])
    .where('station_type', '=', 'met_mast')
    .where('pylon_height_m', 'is not', null)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .limit(DEMO_SITE_COUNT)
    .execute();
  const dataEnd = sites.map((s) => s.data_time?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  const admin = await db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select('u.id')
    .where('r.is_admin', '=', true)
    .orderBy('u.id')
    .executeTakeFirst();
  if (sites.length < DEMO_SITE_COUNT || dataEnd === 0 || !admin) return false;
  const templates = await db.selectFrom('report_template').select(['id', 'type']).orderBy('id').execute();
  const weekly = templates.find((t) => t.type === 0)!;
  const monthly = templates.find((t) => t.type === 1)!;
  const lastDay = new Date(dataEnd - 86_400_000);
  const year = lastDay.getUTCFullYear();
  const groups: [string, 'weekly' | 'monthly', TPeriod[]][] = [
    [
      '演示测风塔周报',
      'weekly',
      [
        periodContaining('weekly', new Date(lastDay.getTime() - 7 * 86_400_000)),
        periodContaining('weekly', lastDay),
      ],
    ],
    ['演示测风塔月报', 'monthly', [periodContaining('monthly', lastDay)]],
  ];
  for (const [name, type, periods] of groups) {
    const group = await db
      .insertInto('report_group')
      .values({
        name,
        creator_id: Number(admin.id),
        effective_start: `${year - 2}-01-01`,
        effective_end: `${year + 2}-12-31`,
        report_types: [type],
        weekly_template_id: type === 'weekly' ? Number(weekly.id) : null,
        monthly_template_id: type === 'monthly' ? Number(monthly.id) : null,
        auto_generate: true,
        auto_send: false,
        week: 1,
        month_day: 1,
        generate_time: '08:30',
        data_source_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('report_group_station')
      .values(sites.map((s) => ({ group_id: Number(group.id), station_id: Number(s.id) })))
      .execute();
    for (const period of periods) {
      const report = await db
        .insertInto('group_report')
        .values({
          group_id: Number(group.id),
          statement_type: type,
          period_start: period.start,
          period_end: period.end,
          ...UNBUILT_SCHEDULED_REPORT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await reports.runGeneration(Number(report.id));
    }
  }
  log.info('demo report groups created with their reports');
  return true;
}

/** The demo analysis report's name: the first demo mast's data in GB/T 18710 chapters. */
export const DEMO_ANALYSIS_REPORT_NAME = '演示测风塔数据分析报告';

/**
 * One analysis report of the first demo mast with data (every speed height, the top vane, the
 * best-recovered 12 months as wind year when there are 12): built once after the demo import, owned by
 * the first administrator, so the data report list opens with a Word and PDF file to read. Returns
 * false when a data report exists already or no demo mast has data.
 */
export async function seedDemoDataReports(
  db: Database,
  dataReports: Pick<DataReportService, 'runAnalysis'>,
  log: Logger,
): Promise<boolean> {
  const existing = await db.selectFrom('data_report').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const version = await db
    .selectFrom('dataset_version as v')
    .innerJoin('station as s', 's.id', 'v.station_id')
    .select(['v.id', 'v.station_id', 'v.name', 's.pylon_height_m'])
    .where('v.kind', '=', 'original')
    .where('s.station_type', '=', 'met_mast')
    .where('s.is_deleted', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ts_version_summary as vs')
          .select('vs.version_id')
          .whereRef('vs.version_id', '=', 'v.id')
          .where('vs.chunk_count', '>', 0),
      ),
    )
    .orderBy('s.id')
    .executeTakeFirst();
  const admin = await db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.user_name'])
    .where('r.is_admin', '=', true)
    .orderBy('u.id')
    .executeTakeFirst();
  if (!version || !admin) return false;
  const channels = await db
    .selectFrom('ts_channel')
    .select(['id', 'element', 'statistic', 'height_m', 'interval_s'])
    .where('version_id', '=', version.id)
    .where('interval_s', '=', 600)
    .execute();
  const averages = (element: string) =>
    channels
      .filter((c) => c.element === element && (c.statistic === 'mean' || c.statistic === 'avg'))
      .sort((a, b) => (a.height_m ?? 0) - (b.height_m ?? 0));
  const speeds = averages('ws').slice(-12);
  const vane = averages('wd').at(-1);
  // The version's summary row holds its first and last present time (kept with its chunks).
  const range = await db
    .selectFrom('ts_version_summary')
    .select(['first_time as first', 'last_time as last'])
    .where('version_id', '=', version.id)
    .executeTakeFirst();
  if (speeds.length < 2 || !vane || !range?.first || !range.last) return false;
  // Beijing dates of the first and last record.
  const beijing = (d: Date) => new Date(new Date(d).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const top = speeds.at(-1)!.height_m ?? 0;
  const params = {
    versionId: Number(version.id),
    reportName: DEMO_ANALYSIS_REPORT_NAME,
    reportStartDate: beijing(range.first as Date),
    reportEndDate: beijing(range.last as Date),
    speedChannelIds: speeds.map((c) => Number(c.id)),
    directionChannelIds: [Number(vane.id)],
    targetHeight: Math.min(500, Math.max(1, Math.round(top / 10) * 10 + 20)),
    sectorWidth: 30,
    averagePeriods: [],
    shearChannelIds: [],
    includeSuspicious: true,
    weibullMethod: 'wasp',
    utcOffsetMinutes: 480,
  };
  const template = await db
    .selectFrom('report_template')
    .select('id')
    .where('type', '=', 2)
    .orderBy('id')
    .executeTakeFirst();
  const row = await db
    .insertInto('data_report')
    .values({
      station_id: Number(version.station_id),
      report_name: DEMO_ANALYSIS_REPORT_NAME,
      type: 'analysis',
      template_id: template ? Number(template.id) : null,
      version_id: Number(version.id),
      version_name: version.name,
      element: `风速 ${speeds.map((c) => `${c.height_m}m`).join('/')}；风向 ${vane.height_m}m`,
      report_start: params.reportStartDate,
      report_end: params.reportEndDate,
      owner_id: Number(admin.id),
      owner_name: admin.user_name,
      status: 'generating',
      params: JSON.stringify(params),
      ...UNBUILT_DATA_REPORT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const outcome = await dataReports.runAnalysis(Number(row.id));
  log.info({ outcome }, 'demo analysis report built');
  return outcome === 'success';
}
