import { FEATURE_GROUPS, type FeatureKey } from '@masthub/shared';
import { sql } from 'kysely';
import { generatePassword, hashPassword } from '../../platform/auth/passwords.ts';
import type { Database } from '../../platform/db/database.ts';
import { seedChannelConfigs } from './demo-channel-configs.ts';
import { seedSiteRegister } from './demo-site-register.ts';
import { buildDemoStations } from './demo-stations.ts';

export const DEMO_STATION_COUNT = 300;

export interface TSeedResult {
  /** True when this start created the administrator (first start). */
  isFirstStart: boolean;
  adminAccount: string;
  /** The administrator's password when it was generated on this start; shown once, never stored in clear. */
  generatedPassword: string | null;
  /** Demo users with their own random passwords, shown once at the first start. */
  demoAccounts: { account: string; password: string }[];
}

interface TDemoRole {
  /** Its name in BUILTIN_NAMES (the stored name is the Chinese one). */
  builtinKey: string;
  name: string;
  description: string;
  dataScope: 'all' | 'list';
  features: readonly FeatureKey[];
}

const DEMO_ROLES: TDemoRole[] = [
  {
    builtinKey: 'role.windEngineer',
    name: '风资源工程师',
    description: '分析测风数据、运行数据处理、编制报告',
    dataScope: 'list',
    features: [
      'station.downloadRaw',
      'station.coordinateExport',
      'attachment.download',
      'alarm.view',
      'repair.view',
      'data.process',
      ...FEATURE_GROUPS.reports,
    ],
  },
  {
    builtinKey: 'role.dataAdmin',
    name: '数据管理员',
    description: '维护测风站台账、数据接入与规则',
    dataScope: 'all',
    features: [
      ...FEATURE_GROUPS.stationList,
      ...FEATURE_GROUPS.stationDetail,
      'system.owner',
      'system.rule',
      'system.dataFetch',
      'system.tags',
      'system.manufacturer',
      'system.stationLog',
      'system.repairList',
      // Decides the download applications of the sites (issue 17).
      'system.apply',
    ],
  },
  {
    builtinKey: 'role.operations',
    name: '运维人员',
    description: '处理告警与维修',
    dataScope: 'list',
    features: [
      'alarm.view',
      'alarm.handle',
      'repair.view',
      'repair.edit',
      'attachment.download',
      'system.repairList',
    ],
  },
  {
    builtinKey: 'role.guest',
    name: '访客',
    description: '只读查看指定站点',
    dataScope: 'list',
    features: ['report.preview'],
  },
];

const DEMO_USERS = [
  {
    account: 'eng_zhang01',
    userName: '张伟',
    role: '风资源工程师',
    dept: '风资源评估部',
    phone: '13800010001',
  },
  { account: 'data_li01', userName: '李娜', role: '数据管理员', dept: '数据中心', phone: '13800010002' },
  { account: 'ops_wang01', userName: '王强', role: '运维人员', dept: '运维部', phone: '13800010003' },
  { account: 'guest_01', userName: '访客', role: '访客', dept: '风资源评估部', phone: '13800010004' },
];

/**
 * First start: creates the administrator (ADMIN_ACCOUNT, with ADMIN_PASSWORD or a random password shown
 * once) and, when asked, the demo organisation, users and stations — all in one transaction.
 */
export async function seedOnFirstStart(
  db: Database,
  options: { adminAccount: string; adminPassword?: string | undefined; withDemoData: boolean },
): Promise<TSeedResult> {
  return db.transaction().execute(async (trx) => {
    // Serialises concurrent first starts of several processes on one database.
    await sql`LOCK TABLE app_user IN EXCLUSIVE MODE`.execute(trx);
    const existing = await trx.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
    if (existing) {
      return {
        isFirstStart: false,
        adminAccount: options.adminAccount,
        generatedPassword: null,
        demoAccounts: [],
      };
    }
    const generatedPassword = options.adminPassword ? null : generatePassword();
    const password = options.adminPassword ?? generatedPassword!;
    const passwordHash = await hashPassword(password);

    const adminRole = await trx
      .insertInto('role')
      .values({
        name: '系统管理员',
        description: '全部功能与全部站点（含新增站点）',
        builtin_key: 'role.admin',
        is_admin: true,
        data_scope: 'all',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const company = await trx
      .insertInto('company')
      .values({ name: options.withDemoData ? '中能风电集团' : '默认公司' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await trx
      .insertInto('app_user')
      .values({
        account: options.adminAccount,
        user_name: '系统管理员',
        password_hash: passwordHash,
        role_id: adminRole.id,
        company_id: company.id,
        is_builtin: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const demoAccounts: { account: string; password: string }[] = [];
    if (options.withDemoData) {
      const deptIds = new Map<string, number>();
      for (const name of ['风资源评估部', '数据中心', '运维部']) {
        const dept = await trx
          .insertInto('dept')
          .values({ company_id: company.id, name })
          .returning('id')
          .executeTakeFirstOrThrow();
        deptIds.set(name, dept.id);
      }
      const roleIds = new Map<string, number>();
      for (const role of DEMO_ROLES) {
        const row = await trx
          .insertInto('role')
          .values({
            name: role.name,
            description: role.description,
            data_scope: role.dataScope,
            builtin_key: role.builtinKey,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        roleIds.set(role.name, row.id);
        await trx
          .insertInto('role_feature')
          .values(role.features.map((feature) => ({ role_id: row.id, feature })))
          .execute();
      }
      const userIds: number[] = [];
      for (const user of DEMO_USERS) {
        // Each demo user has a password of their own: knowing one (or the admin's) opens nothing else.
        const demoPassword = generatePassword();
        const row = await trx
          .insertInto('app_user')
          .values({
            account: user.account,
            user_name: user.userName,
            password_hash: await hashPassword(demoPassword),
            role_id: roleIds.get(user.role)!,
            company_id: company.id,
            dept_id: deptIds.get(user.dept)!,
            phone: user.phone,
            email: `${user.account.replace(/_/g, '.')}@masthub.example`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userIds.push(row.id);
        demoAccounts.push({ account: user.account, password: demoPassword });
      }

      const stations = buildDemoStations(DEMO_STATION_COUNT);
      const inserted = await trx
        .insertInto('station')
        .values(
          stations.map((s, i) => ({
            station_code: s.stationCode,
            project_name: s.projectName,
            station_type: s.stationType,
            region_code: s.regionCode,
            province: s.province,
            location: s.location,
            longitude: s.longitude,
            latitude: s.latitude,
            altitude_m: s.altitudeM,
            pylon_height_m: s.pylonHeightM,
            status: s.status,
            start_time: s.startTime,
            data_time: s.dataTime,
            // The data administrator owns most sites; the engineer owns every tenth.
            owner_id: i % 10 === 0 ? userIds[0]! : userIds[1]!,
            creator_id: admin.id,
          })),
        )
        .returning(['id', 'province', 'station_type', 'pylon_height_m', 'start_time'])
        .execute();
      await seedSiteRegister(trx, inserted, userIds);
      await seedChannelConfigs(trx, inserted);
      const north = inserted.filter((s) => /内蒙古|河北|山西|吉林|黑龙江|辽宁/.test(s.province ?? ''));
      await trx
        .insertInto('role_station')
        .values(north.map((s) => ({ role_id: roleIds.get('风资源工程师')!, station_id: s.id })))
        .execute();
      await trx
        .insertInto('role_station')
        .values(inserted.slice(0, 40).map((s) => ({ role_id: roleIds.get('运维人员')!, station_id: s.id })))
        .execute();
      await trx
        .insertInto('user_station')
        .values(inserted.slice(0, 10).map((s) => ({ user_id: userIds[3]!, station_id: s.id })))
        .execute();
    }
    return { isFirstStart: true, adminAccount: options.adminAccount, generatedPassword, demoAccounts };
  });
}
