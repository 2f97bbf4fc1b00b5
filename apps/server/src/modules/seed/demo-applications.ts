import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { ApplyService } from '../apply/index.ts';
import { callerByAccount } from '../identity/index.ts';

const DAY_MS = 86_400_000;

/**
 * Demo download applications (issue 17), made through the service as users would: the operations
 * engineer (no download right) applies three times — one approved and exported by the data
 * administrator, one rejected with the reason, one pending — and the guest once (pending). Only for
 * sites with demo data, over its last month; the approval sends no e-mail (the demo has no mailbox),
 * the applicant gets the in-app message.
 */
export async function seedDemoApplications(db: Database, apply: ApplyService, log: Logger): Promise<boolean> {
  const existing = await db.selectFrom('download_application').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const [ops, guest, reviewer] = await Promise.all([
    callerByAccount(db, 'ops_wang01'),
    callerByAccount(db, 'guest_01'),
    callerByAccount(db, 'data_li01'),
  ]);
  if (!ops || !guest || !reviewer) return false;
  // Sites with data the applicant may see (the operations engineer's first 40 sites).
  const sites = await db
    .selectFrom('station as s')
    .innerJoin('dataset_version as v', (j) =>
      j.onRef('v.station_id', '=', 's.id').on('v.kind', '=', 'original'),
    )
    .innerJoin('ts_version_summary as sm', 'sm.version_id', 'v.id')
    .innerJoin('role_station as rs', 'rs.station_id', 's.id')
    .select(['s.id', 'sm.last_time'])
    .where('rs.role_id', '=', ops.roleId ?? -1)
    .where('sm.last_time', 'is not', null)
    .orderBy('s.id')
    .execute();
  if (sites.length === 0) return false;
  const end = sites[0]!.last_time!;
  const month = {
    startTime: new Date(end.getTime() - 30 * DAY_MS).toISOString(),
    endTime: end.toISOString(),
  };
  const first = Number(sites[0]!.id);
  const approved = await apply.save(
    ops,
    {
      stationIds: [first],
      fileType: 1,
      ...month,
      versionMode: 'original',
      applyReason: '塔架检修前核对近一月数据',
      toAddr: '',
    },
    'zh',
    480,
  );
  const rejected = await apply.save(
    ops,
    {
      stationIds: sites.slice(0, 3).map((s) => Number(s.id)),
      fileType: 0,
      startTime: new Date(end.getTime() - 365 * DAY_MS).toISOString(),
      endTime: end.toISOString(),
      versionMode: 'original',
      applyReason: '全年原始文件备份',
      toAddr: '',
    },
    'zh',
    480,
  );
  await apply.save(
    ops,
    {
      stationIds: [first],
      fileType: 5,
      ...month,
      versionMode: 'original',
      applyReason: 'WAsP 风资源复核',
      toAddr: '',
    },
    'zh',
    480,
  );
  const guestSites = await db
    .selectFrom('user_station')
    .select('station_id')
    .where('user_id', '=', guest.id)
    .where(
      'station_id',
      'in',
      sites.map((s) => Number(s.id)),
    )
    .execute();
  if (guestSites.length > 0) {
    await apply.save(
      guest,
      {
        stationIds: [Number(guestSites[0]!.station_id)],
        fileType: 4,
        ...month,
        versionMode: 'original',
        applyReason: 'Windographer 分析',
        toAddr: '',
      },
      'zh',
      480,
    );
  }
  await apply.review(reviewer, { ids: [approved.id], decision: 'approved', comment: '同意', linkDays: 7 });
  await apply.review(reviewer, {
    ids: [rejected.id],
    decision: 'rejected',
    comment: '时段过长，请按月申请',
    linkDays: 7,
  });
  log.info('demo download applications created');
  return true;
}
