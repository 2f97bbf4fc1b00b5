import { renderText, type TQcRule, type TText, ZQcRuleSave } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QcRuleRepository } from '../../src/modules/qc-rules/qc-rules.repository.ts';
import {
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let token: string;
let station: { id: number; stationCode: string };
let otherStation: { id: number; stationCode: string };

beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  station = await buildStation(server.db, { projectName: '规则测试项目' });
  otherStation = await buildStation(server.db);
});
afterAll(async () => {
  await server.stop();
});

const call = (method: 'GET' | 'POST', url: string, body?: unknown, language: 'ZH' | 'EN' = 'EN') =>
  server.call(method, url, { token, body, language });

const rangeRule = (overrides: Record<string, unknown> = {}) => ({
  ruleType: 'auto_quality',
  kind: 'range',
  name: '风速上限 30',
  params: { element: 'ws', min: 0, max: 30 },
  ...overrides,
});

async function countRules(): Promise<number> {
  const row = await server.db
    .selectFrom('qc_rule')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const names = (rules: TQcRule[]) => rules.map((r) => r.name);

describe('default rules (migration 0009)', () => {
  it('are present: range, trend, height difference, missing days and the lidar/sodar filters for every site, and one warning rule', async () => {
    const quality = await call('GET', '/api/web/rule/list?ruleType=auto_quality', undefined, 'ZH');
    expect(quality.status, quality.body.msg).toBe(200);
    const rules = quality.body.data as TQcRule[];
    expect(rules.find((r) => r.name === '风速范围检验')).toMatchObject({
      kind: 'range',
      stationId: null,
      isEnabled: true,
      params: { element: 'ws', min: 0, max: 40, flag: 3 },
    });
    expect(rules.find((r) => r.name === '气压趋势检验')?.params).toEqual({
      element: 'p',
      maxChange: 10,
      windowHours: 3,
      flag: 2,
    });
    const counts = Object.fromEntries(
      ['range', 'trend', 'height_diff', 'missing_days', 'lidar_filter'].map((k) => [
        k,
        rules.filter((r) => r.kind === k).length,
      ]),
    );
    expect(counts).toEqual({ range: 5, trend: 3, height_diff: 10, missing_days: 1, lidar_filter: 2 });
    // Sorted by kind: ranges first, the lidar/sodar filters (issue 31) last.
    expect(rules[0]!.kind).toBe('range');
    expect(rules.at(-1)!.kind).toBe('lidar_filter');
    expect(rules.find((r) => r.name === '激光雷达数据过滤')?.params).toMatchObject({
      deviceTypes: ['lidar', 'floating_lidar'],
      availabilityMin: 80,
      cnrMinDb: -22,
      flag: 3,
    });

    const warn = await call('GET', '/api/web/rule/list?ruleType=warn', undefined, 'ZH');
    expect(warn.body.data).toEqual([
      expect.objectContaining({ name: '连续 3 天无数据', kind: 'no_data_days', params: { days: 3 } }),
    ]);
  });

  it('read in English for an English reader, in Chinese for a Chinese one (the rows keep their key)', async () => {
    const byId = async (language: 'ZH' | 'EN', ruleType: string) =>
      new Map(
        (
          (await call('GET', `/api/web/rule/list?ruleType=${ruleType}`, undefined, language)).body
            .data as TQcRule[]
        ).map((r) => [r.id, r.name]),
      );
    for (const ruleType of ['auto_quality', 'warn']) {
      const zh = await byId('ZH', ruleType);
      const en = await byId('EN', ruleType);
      for (const [id, name] of en) {
        expect(name, zh.get(id)).not.toMatch(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/);
      }
      if (ruleType === 'warn') expect([...en.values()]).toEqual(['No data for 3 days in a row']);
    }
    const zh = await byId('ZH', 'auto_quality');
    const en = await byId('EN', 'auto_quality');
    const id = [...zh].find(([, name]) => name === '风速高度差检验 50 m / 30 m')![0];
    expect(en.get(id)).toBe('Wind speed height-difference test 50 m / 30 m');
    const keys = await server.db
      .selectFrom('qc_rule')
      .select('builtin_key')
      .where('builtin_key', 'is not', null)
      .execute();
    expect(keys).toHaveLength(22);
  });

  it('a name search finds a built-in rule by its name in either language', async () => {
    for (const name of ['speed height-difference test 50 m', '风速高度差检验 50 m']) {
      const page = await call('POST', '/api/web/rule/page', {
        ruleType: 'auto_quality',
        name,
        pageNo: 1,
        pageSize: 20,
      });
      expect(names(page.body.data.records), name).toEqual([
        'Wind speed height-difference test 50 m / 30 m',
        'Wind speed height-difference test 50 m / 10 m',
      ]);
    }
  });

  it('a built-in rule saved under its shown name stays built-in; renamed, it keeps the name as written', async () => {
    const en = (await call('GET', '/api/web/rule/list?ruleType=auto_quality')).body.data as TQcRule[];
    const rule = en.find((r) => r.name === 'Wind direction range test')!;
    const save = (name: string) =>
      call('POST', '/api/web/rule/save_or_update', {
        id: rule.id,
        ruleType: rule.ruleType,
        kind: rule.kind,
        name,
        stationId: null,
        params: rule.params,
        isEnabled: rule.isEnabled,
        notes: rule.notes,
      });
    const row = () =>
      server.db
        .selectFrom('qc_rule')
        .select(['name', 'builtin_key'])
        .where('id', '=', rule.id)
        .executeTakeFirstOrThrow();
    expect((await save('Wind direction range test')).status).toBe(200);
    expect(await row()).toEqual({ name: '风向范围检验', builtin_key: 'qcRule.wd_range' });
    expect((await save('风向检查（本公司）')).status).toBe(200);
    expect(await row()).toEqual({ name: '风向检查（本公司）', builtin_key: null });
    const after = (await call('GET', `/api/web/rule/detail?id=${rule.id}`)).body.data as TQcRule;
    expect(after.name).toBe('风向检查（本公司）');
    // Back to the shipped name: it is the company's rule now, named as written.
    expect((await save('风向范围检验')).status).toBe(200);
    expect(await row()).toEqual({ name: '风向范围检验', builtin_key: null });
  });

  it('each satisfy the shared schema of their kind', async () => {
    for (const ruleType of ['auto_quality', 'warn']) {
      const r = await call('GET', `/api/web/rule/list?ruleType=${ruleType}`);
      for (const rule of r.body.data as TQcRule[]) {
        const parsed = ZQcRuleSave.safeParse(rule);
        expect(parsed.success, rule.name).toBe(true);
        expect(parsed.data?.params, rule.name).toEqual(rule.params);
      }
    }
  });
});

describe('quality-control and warning rules (SPEC §3, RuleManage)', () => {
  let ruleId: number;

  it('creates a rule for every site, filling the params defaults, without writing the station log', async () => {
    const logBefore = await server.db.selectFrom('station_log').select('id').execute();
    const r = await call('POST', '/api/web/rule/save_or_update', rangeRule());
    expect(r.status, r.body.msg).toBe(200);
    ruleId = r.body.data.id;
    const detail = await call('GET', `/api/web/rule/detail?id=${ruleId}`);
    expect(detail.body.data).toMatchObject({
      id: ruleId,
      ruleType: 'auto_quality',
      kind: 'range',
      name: '风速上限 30',
      stationId: null,
      stationCode: null,
      stationName: null,
      params: { element: 'ws', min: 0, max: 30, flag: 3 },
      isEnabled: true,
      notes: '',
      updaterName: expect.any(String),
    });
    expect(await server.db.selectFrom('station_log').select('id').execute()).toEqual(logBefore);
  });

  it('pages the rules of a type, searching by name', async () => {
    const page = await call('POST', '/api/web/rule/page', { ruleType: 'auto_quality', name: '上限' });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 1, pageNo: 1, pageSize: 20 });
    expect(page.body.data.records[0].id).toBe(ruleId);
    const warn = await call('POST', '/api/web/rule/page', { ruleType: 'warn', pageSize: 5 });
    expect(warn.body.data.total).toBe(1);
    const all = await call('POST', '/api/web/rule/page', {
      ruleType: 'auto_quality',
      pageSize: 5,
      pageNo: 2,
    });
    expect(all.body.data.records).toHaveLength(5);
    expect(all.body.data.total).toBe(22);
  });

  it('updates a rule: rename, change kind and disable; disabled rules stay in the list', async () => {
    const r = await call(
      'POST',
      '/api/web/rule/save_or_update',
      rangeRule({
        id: ruleId,
        kind: 'trend',
        name: '风速突变',
        isEnabled: false,
        params: { element: 'ws', maxChange: 8, windowHours: 2, flag: 3 },
      }),
    );
    expect(r.status, r.body.msg).toBe(200);
    const list = await call('GET', '/api/web/rule/list?ruleType=auto_quality&name=突变');
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: ruleId,
        kind: 'trend',
        isEnabled: false,
        params: { element: 'ws', maxChange: 8, windowHours: 2, flag: 3 },
      }),
    ]);
  });

  it('refuses to turn a quality-control rule into a warning rule', async () => {
    const r = await call('POST', '/api/web/rule/save_or_update', {
      id: ruleId,
      ruleType: 'warn',
      kind: 'no_data_days',
      name: '风速突变',
      params: { days: 2 },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.fields).toEqual([{ field: 'ruleType', message: 'Please choose a valid option' }]);
  });

  it('refuses a duplicate name within a rule type (any case) with 409, in Chinese and English', async () => {
    const zh = await call('POST', '/api/web/rule/save_or_update', rangeRule({ name: '风速范围检验' }), 'ZH');
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toBe('规则名称“风速范围检验”已存在');
    expect(zh.body.data.errorCode).toBe('QC_RULE_NAME_TAKEN');
    const en = await call('POST', '/api/web/rule/save_or_update', rangeRule({ name: '风速突变' }), 'EN');
    expect(en.status).toBe(409);
    expect(en.body.msg).toBe('A rule named “风速突变” already exists');
    await call('POST', '/api/web/rule/save_or_update', rangeRule({ name: 'Gust' }));
    const upper = await call('POST', '/api/web/rule/save_or_update', rangeRule({ name: 'GUST' }));
    expect(upper.status).toBe(409);
    // Another rule type may use the same name.
    const warn = await call('POST', '/api/web/rule/save_or_update', {
      ruleType: 'warn',
      kind: 'no_data_days',
      name: '风速突变',
      params: { days: 5 },
    });
    expect(warn.status, warn.body.msg).toBe(200);
  });

  describe('refuses bad params with localised field errors and changes nothing', () => {
    const cases: [string, Record<string, unknown>, string, string, string][] = [
      [
        'min above max',
        rangeRule({ name: '坏范围', params: { element: 'ws', min: 10, max: 5 } }),
        'params.max',
        '最小值不能大于最大值',
        'The minimum must not be above the maximum',
      ],
      [
        'a trend window of 0 hours',
        {
          ruleType: 'auto_quality',
          kind: 'trend',
          name: '坏趋势',
          params: { element: 'T', maxChange: 5, windowHours: 0 },
        },
        'params.windowHours',
        '不能小于 1',
        'Must not be less than 1',
      ],
      [
        'a trend change of 0',
        {
          ruleType: 'auto_quality',
          kind: 'trend',
          name: '坏趋势',
          params: { element: 'T', maxChange: 0 },
        },
        'params.maxChange',
        '必须大于 0',
        'Must be greater than 0',
      ],
      [
        'a custom rule without conditions',
        {
          ruleType: 'auto_quality',
          kind: 'custom',
          name: '坏自定义',
          params: { combine: 'and', conditions: [], flag: 2 },
        },
        'params.conditions',
        '此项为必填项',
        'This field is required',
      ],
      [
        'a warning rule of 0 days',
        { ruleType: 'warn', kind: 'no_data_days', name: '坏告警', params: { days: 0 } },
        'params.days',
        '不能小于 1',
        'Must not be less than 1',
      ],
      [
        'an unknown kind',
        { ruleType: 'auto_quality', kind: 'icing', name: '坏类型', params: {} },
        'kind',
        '请选择有效的选项',
        'Please choose a valid option',
      ],
      [
        'a warning kind as a quality-control rule',
        { ruleType: 'auto_quality', kind: 'no_data_days', name: '坏组合', params: { days: 3 } },
        'ruleType',
        '请选择有效的选项',
        'Please choose a valid option',
      ],
    ];
    it.each(cases)('%s', async (_, body, field, zh, en) => {
      const before = await countRules();
      const rZh = await call('POST', '/api/web/rule/save_or_update', body, 'ZH');
      expect(rZh.status).toBe(400);
      expect(rZh.body.data.fields).toContainEqual({ field, message: zh });
      const rEn = await call('POST', '/api/web/rule/save_or_update', body, 'EN');
      expect(rEn.body.data.fields).toContainEqual({ field, message: en });
      expect(await countRules()).toBe(before);
    });
  });

  it('refuses an unknown site as a field error', async () => {
    const r = await call(
      'POST',
      '/api/web/rule/save_or_update',
      rangeRule({ name: '无站点', stationId: 999999 }),
    );
    expect(r.status).toBe(400);
    expect(r.body.data.fields).toEqual([
      { field: 'stationId', message: 'The chosen item does not exist or has been deleted' },
    ]);
  });

  describe('a rule for one site', () => {
    let siteRuleId: number;

    it('is written to that site’s log on create, edit and delete', async () => {
      const created = await call(
        'POST',
        '/api/web/rule/save_or_update',
        rangeRule({ name: '本站风速', stationId: station.id, notes: '传感器量程 30 m/s' }),
      );
      expect(created.status, created.body.msg).toBe(200);
      siteRuleId = created.body.data.id;
      const detail = await call('GET', `/api/web/rule/detail?id=${siteRuleId}`);
      expect(detail.body.data).toMatchObject({
        stationId: station.id,
        stationCode: station.stationCode,
        stationName: '规则测试项目',
        notes: '传感器量程 30 m/s',
      });
      await call(
        'POST',
        '/api/web/rule/save_or_update',
        rangeRule({ id: siteRuleId, name: '本站风速上限', stationId: station.id }),
      );
      const log = await server.db
        .selectFrom('station_log')
        .select(['type', 'location', 'objects_text'])
        .where('station_id', '=', station.id)
        .orderBy('id')
        .execute();
      const described = log.map(({ objects_text, ...r }) => ({
        ...r,
        objects: renderText(objects_text as TText, 'zh'),
      }));
      expect(described).toEqual([
        { type: 'add', location: 'qcRules', objects: `站点 ${station.stationCode}：新增质控规则“本站风速”` },
        {
          type: 'edit',
          location: 'qcRules',
          objects: `站点 ${station.stationCode}：修改质控规则“本站风速上限”`,
        },
      ]);
    });

    it('is listed with the rules for every site for that site only', async () => {
      const other = await call(
        'POST',
        '/api/web/rule/save_or_update',
        rangeRule({ name: '别站风速', stationId: otherStation.id }),
      );
      expect(other.status).toBe(200);
      const forSite = await call(
        'GET',
        `/api/web/rule/list?ruleType=auto_quality&stationId=${station.id}`,
        undefined,
        'ZH',
      );
      const siteNames = names(forSite.body.data);
      expect(siteNames).toContain('本站风速上限');
      expect(siteNames).toContain('风速范围检验');
      expect(siteNames).not.toContain('别站风速');
      // Every-site rules come before the site's own within a kind.
      const ranges = (forSite.body.data as TQcRule[]).filter((r) => r.kind === 'range');
      expect(ranges.at(-1)!.name).toBe('本站风速上限');
      const everything = await call('GET', '/api/web/rule/list?ruleType=auto_quality');
      expect(names(everything.body.data)).toEqual(expect.arrayContaining(['本站风速上限', '别站风速']));
    });

    it('listForRun gives the enabled quality-control rules that apply to a site, or exactly the asked ones', async () => {
      const repository = new QcRuleRepository(server.db);
      const run = await repository.listForRun(station.id);
      const runNames = run.map((r) => r.name);
      expect(runNames).toContain('本站风速上限');
      expect(runNames).toContain('风速范围检验');
      expect(runNames).not.toContain('别站风速');
      expect(runNames).not.toContain('风速突变'); // disabled
      expect(runNames).not.toContain('连续 3 天无数据'); // a warning rule
      expect(run.find((r) => r.id === siteRuleId)).toEqual({
        id: siteRuleId,
        name: '本站风速上限',
        builtinKey: null,
        kind: 'range',
        params: { element: 'ws', min: 0, max: 30, flag: 3 },
      });
      const otherRule = (await repository.listForRun(otherStation.id)).find((r) => r.name === '别站风速')!;
      const asked = await repository.listForRun(station.id, [siteRuleId, otherRule.id, ruleId]);
      expect(asked.map((r) => r.id)).toEqual([siteRuleId]);
      expect(await repository.listForRun(station.id, [])).toEqual([]);
    });

    it('deleting it writes the site log; deleting a rule for every site does not', async () => {
      const logBefore = await server.db.selectFrom('station_log').select('id').execute();
      const global = await call('GET', `/api/web/rule/delete?id=${ruleId}`);
      expect(global.status).toBe(200);
      expect(await server.db.selectFrom('station_log').select('id').execute()).toEqual(logBefore);
      const gone = await call('GET', `/api/web/rule/detail?id=${ruleId}`);
      expect(gone.status).toBe(404);

      expect((await call('GET', `/api/web/rule/delete?id=${siteRuleId}`)).status).toBe(200);
      const last = await server.db
        .selectFrom('station_log')
        .select(['type', 'objects_text', 'station_id'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect({ ...last, objects_text: renderText(last.objects_text as TText, 'zh') }).toEqual({
        type: 'delete',
        objects_text: `站点 ${station.stationCode}：删除质控规则“本站风速上限”`,
        station_id: station.id,
      });
      expect((await call('GET', `/api/web/rule/delete?id=${siteRuleId}`)).status).toBe(404);
    });
  });

  describe('permissions', () => {
    it('lets any user read the list but only rule managers page, read, save and delete', async () => {
      const user = await buildUser(server.db, { features: [] });
      const userToken = await server.login(user.account, user.password);
      const list = await server.call('GET', '/api/web/rule/list?ruleType=warn', { token: userToken });
      expect(list.status).toBe(200);
      const before = await countRules();
      const refused = await Promise.all([
        server.call('POST', '/api/web/rule/page', { token: userToken, body: { ruleType: 'warn' } }),
        server.call('GET', '/api/web/rule/detail?id=1', { token: userToken }),
        server.call('POST', '/api/web/rule/save_or_update', {
          token: userToken,
          body: rangeRule({ name: 'x' }),
        }),
        server.call('GET', '/api/web/rule/delete?id=1', { token: userToken }),
      ]);
      expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
      expect(await countRules()).toBe(before);

      const manager = await buildUser(server.db, { features: ['system.rule'] });
      const managerToken = await server.login(manager.account, manager.password);
      const saved = await server.call('POST', '/api/web/rule/save_or_update', {
        token: managerToken,
        body: rangeRule({ name: '管理员规则' }),
      });
      expect(saved.status, saved.body.msg).toBe(200);
      // A site the manager cannot see cannot scope a rule.
      const hidden = await server.call('POST', '/api/web/rule/save_or_update', {
        token: managerToken,
        body: rangeRule({ name: '看不见的站', stationId: station.id }),
      });
      expect(hidden.status).toBe(403);
    });
  });
});
