import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannelConfigs } from '../../src/modules/seed/demo-channel-configs.ts';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';
import { seedOriginal } from '../wind-fixtures.ts';

/**
 * Issue 41: English screens showed the names MastHub itself writes in Chinese — the first data version
 * 原始数据, the first channel configuration 初始配置, the administrator 系统管理员, the built-in roles and
 * their descriptions. They are keys read in the reader's language wherever they appear; what a user typed
 * stays as typed, and a built-in row renamed by a user is the user's.
 */
let server: TTestServer;
let token: string;
let site: { id: number; stationCode: string };

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  site = await buildStation(server.db);
  const station = await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 80, start_time: new Date(Date.UTC(2025, 0, 1)) })
    .where('id', '=', site.id)
    .returning(['id', 'station_type', 'pylon_height_m', 'start_time'])
    .executeTakeFirstOrThrow();
  await server.db.transaction().execute((trx) => seedChannelConfigs(trx, [station]));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = (url: string, language: 'ZH' | 'EN') => server.call('GET', url, { token, language });
const post = (url: string, body: unknown, language: 'ZH' | 'EN') =>
  server.call('POST', url, { token, language, body });

async function adminRole(language: 'ZH' | 'EN') {
  const r = await post('/api/security/sys/role/page', { pageNo: 1, pageSize: 50 }, language);
  expect(r.status).toBe(200);
  return (r.body.data.records as { id: number; name: string; description: string; isAdmin: boolean }[]).find(
    (role) => role.isAdmin,
  )!;
}

describe('built-in names in the reader’s language (issue 41)', () => {
  it('names the administrator and their role in English and in Chinese: user list, profile, role list and search, login log', async () => {
    for (const [language, person, role, description] of [
      [
        'EN',
        'System administrator',
        'System administrator',
        'Every function and every site (new sites included)',
      ],
      ['ZH', '系统管理员', '系统管理员', '全部功能与全部站点（含新增站点）'],
    ] as const) {
      const users = await post('/api/security/sys/user/page', { pageNo: 1, pageSize: 20 }, language);
      const admin = users.body.data.records.find((u: { account: string }) => u.account === 'admin');
      expect(admin).toMatchObject({ userName: person, roleName: role });
      expect((await get('/api/security/sys/user/profile', language)).body.data).toMatchObject({
        userName: person,
        roleName: role,
      });
      expect(await adminRole(language)).toMatchObject({ name: role, description });
      const log = await post('/api/security/sys/login_log/page', { pageNo: 1, pageSize: 5 }, language);
      expect(log.body.data.records[0]).toMatchObject({ operatorName: person, roleName: role });
    }
    // The role is found by the name the reader sees.
    const search = await get('/api/security/sys/role/drop_down_search?keywords=administrator', 'EN');
    expect(search.body.data.map((r: { name: string }) => r.name)).toContain('System administrator');
  });

  it('names the seeded channel configuration and who wrote it in the reader’s language', async () => {
    for (const [language, name, updater] of [
      ['EN', 'Initial configuration', 'System administrator'],
      ['ZH', '初始配置', '系统管理员'],
    ] as const) {
      const r = await get(`/api/web/station/channel_config/list?stationId=${site.id}`, language);
      expect(r.status).toBe(200);
      // Newest first: the configuration the site was installed with is the last.
      expect(r.body.data.records.at(-1)).toMatchObject({ name, updaterName: updater });
    }
  });

  it('names the first data version and a reference made of it in the reader’s language', async () => {
    const { versionId, channels } = await seedOriginal(server, site.id, Date.UTC(2025, 0, 1), [
      { dataKey: 'ws_80_mean', element: 'ws', heightM: 80, values: [5, 6, 7] },
    ]);
    await server.db
      .insertInto('longterm_site_default')
      .values({
        station_id: site.id,
        target_version_id: versionId,
        speed_channel_id: channels.ws_80_mean!.id,
        speed_channel_name: 'ws_80_mean',
        reference: JSON.stringify({ kind: 'site', versionId, speedChannelId: channels.ws_80_mean!.id }),
        reference_name: '原始数据 · ws_80_mean',
        reference_station_id: site.id,
        method: 'ols',
        period: '1D',
      })
      .execute();
    for (const [language, name] of [
      ['EN', 'Original data'],
      ['ZH', '原始数据'],
    ] as const) {
      const r = await get(`/api/data-process/longterm/default?stationId=${site.id}`, language);
      expect(r.status, r.body.msg).toBe(200);
      expect(r.body.data).toMatchObject({ versionName: name, referenceName: `${name} · ws_80_mean` });
    }
  });

  it('keeps a built-in name saved back as shown in either language, and a renamed row as typed', async () => {
    const role = await adminRole('EN');
    const save = (name: string, description: string) =>
      post('/api/security/sys/role/save_or_update', { id: role.id, name, description }, 'EN');
    expect((await save('System administrator', role.description)).status).toBe(200);
    expect(await adminRole('ZH')).toMatchObject({
      name: '系统管理员',
      description: '全部功能与全部站点（含新增站点）',
    });
    const profile = await server.call('POST', '/api/security/sys/user/update_profile', {
      token,
      language: 'EN',
      body: { userName: 'System administrator', phone: null, email: null },
    });
    expect(profile.status, profile.body.msg).toBe(200);
    expect((await get('/api/security/sys/user/profile', 'ZH')).body.data.userName).toBe('系统管理员');
    // Renamed: the user's own name, as typed, in both languages.
    expect((await save('Site owners', 'Everything')).status).toBe(200);
    expect(await adminRole('ZH')).toMatchObject({ name: 'Site owners', description: 'Everything' });
    expect(await adminRole('EN')).toMatchObject({ name: 'Site owners', description: 'Everything' });
    const configs = await get(`/api/web/station/channel_config/list?stationId=${site.id}`, 'EN');
    const config = configs.body.data.records.at(-1);
    const detail = await get(`/api/web/station/channel_config/detail?id=${config.id}`, 'EN');
    const renamed = await post(
      '/api/web/station/channel_config/save_or_update',
      {
        id: config.id,
        stationId: site.id,
        name: '安装配置',
        effectiveFrom: detail.body.data.effectiveFrom,
        notes: '',
        channels: detail.body.data.channels.map((c: Record<string, unknown>) => ({
          channelName: c.channelName,
          element: c.element,
          heightM: c.heightM,
          tag: c.tag,
          dataKey: c.dataKey,
          unit: c.unit,
          statistic: c.statistic,
        })),
      },
      'EN',
    );
    expect(renamed.status, renamed.body.msg).toBe(200);
    const after = await get(`/api/web/station/channel_config/list?stationId=${site.id}`, 'EN');
    expect(after.body.data.records.find((c: { id: number }) => c.id === config.id).name).toBe('安装配置');
  });

  it('migration 0041 keys the roles and configurations an older start wrote without keys', async () => {
    await server.db.updateTable('role').set({ builtin_key: null }).execute();
    await server.db
      .insertInto('role')
      .values({ name: '访客', description: '只读查看指定站点', data_scope: 'list' })
      .execute();
    await server.db
      .updateTable('role')
      .set({ name: '系统管理员', description: '全部功能与全部站点（含新增站点）' })
      .where('is_admin', '=', true)
      .execute();
    await server.db
      .updateTable('channel_config')
      .set({ builtin_key: null, name: '初始配置', updater_id: null, updater_name: '系统管理员' })
      .execute();
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../migrations/0041_builtin_names.sql'),
      'utf8',
    );
    // The migration's updates, on rows as a start before it wrote them.
    for (const statement of migration.split(';').filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s))) {
      await sql.raw(statement).execute(server.db);
    }
    const roles = await server.db.selectFrom('role').select(['name', 'builtin_key']).orderBy('id').execute();
    expect(roles.map((r) => r.builtin_key)).toEqual(['role.admin', 'role.guest']);
    const configs = await server.db.selectFrom('channel_config').select('builtin_key').execute();
    expect(configs.every((c) => c.builtin_key === 'channelConfig.initial')).toBe(true);
    expect((await adminRole('EN')).name).toBe('System administrator');
  });
});
