import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isText, renderText } from '@masthub/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listMigrations, MIGRATIONS_DIR, migrate } from '../../platform/db/migrate.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const TEXTS_MIGRATION = '0022_texts_by_key.sql';

let admin: pg.Client;
let pool: pg.Pool;
let name: string;

/** Rows as versions before migration 0022 wrote them: descriptions and messages as prose. */
const OLD_LOG = [
  '站点 000123（张北一期）',
  '站点 000123（张北一期）：项目名称、站点状态、标签',
  '站点 000123（张北一期）：标签 （无）',
  '站点 000123：上传附件“site.pdf”',
  '站点 000123：删除通道配置“安装配置”（生效时间 2026-01-01 00:00）',
  '站点 000123 张北一期：新建数据版本“work”（复制自“原始数据”）',
  '数据版本“work”：质量控制（任务 #12）',
  '数据文件“150001_202610.csv”入库 4320 个值，2026-10-01 00:00 – 2026-10-30 23:50 UTC',
  '维修记录 #5：风速计损坏',
  // Not a shape the migration knows: kept as written.
  '站点 000123：某个自由文本',
];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('testAdminUrl') });
  await admin.connect();
  name = `masthub_t_texts_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(inject('testAdminUrl'));
  url.pathname = `/${name}`;
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 });

  // The schema as it was before texts were stored by key.
  const before = mkdtempSync(path.join(os.tmpdir(), 'masthub-migrations-'));
  try {
    for (const m of listMigrations()) {
      if (m.name >= TEXTS_MIGRATION) break;
      copyFileSync(path.join(MIGRATIONS_DIR, m.name), path.join(before, m.name));
    }
    await migrate(pool, before);
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
  for (const objects of OLD_LOG) {
    await pool.query(
      `INSERT INTO station_log (operator_account, operator_name, type, location, objects)
       VALUES ('admin', 'admin', 'edit', $1, $2)`,
      [objects.includes('项目名称') ? 'stationInfo' : 'stationList', objects],
    );
  }
  const user = await pool.query<{ id: number }>(
    `INSERT INTO app_user (account, user_name, password_hash) VALUES ('u', 'u', 'x') RETURNING id`,
  );
  const userId = user.rows[0]!.id;
  for (const [message, description] of [
    ['站点 150001 数据缺失 / Site 150001: data missing', '连续 3 天无数据 / No data for 3 days'],
    ['质量控制已完成（任务 #3）', ''],
  ]) {
    await pool.query(
      `INSERT INTO message (user_id, type, message, description) VALUES ($1, 'alarm', $2, $3)`,
      [userId, message, description],
    );
  }
  const station = await pool.query<{ id: number }>(
    `INSERT INTO station (station_code, project_name, longitude, latitude) VALUES ('150001', 'p', 115, 40) RETURNING id`,
  );
  await pool.query(
    `INSERT INTO alarm (station_id, type, channel_key, period_start, period_end, content)
     VALUES ($1, 'data_missing', '', now(), now(), '{"kind":"no_data","days":3,"ruleName":"连续 3 天无数据"}'),
            ($1, 'data_abnormal', 'ws', now(), now(), '{"kind":"abnormal","channel":"WS","share":0.9,"rules":["风速范围检验","本站规则"]}')`,
    [station.rows[0]!.id],
  );

  expect(await migrate(pool)).toContain(TEXTS_MIGRATION);
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe(`migration ${TEXTS_MIGRATION}`, () => {
  it('converts the station-log descriptions it recognises into texts that read back exactly in Chinese', async () => {
    const { rows } = await pool.query<{ objects: string; objects_text: unknown }>(
      'SELECT objects, objects_text FROM station_log ORDER BY id',
    );
    const converted = rows.filter((r) => isText(r.objects_text));
    expect(converted.map((r) => r.objects)).toEqual(OLD_LOG.slice(0, -1));
    for (const row of converted) {
      expect(renderText(row.objects_text as never, 'zh')).toBe(row.objects);
    }
    // The unknown shape keeps its prose, shown as written.
    expect(rows.at(-1)).toEqual({ objects: '站点 000123：某个自由文本', objects_text: null });
  });

  it('gives the converted descriptions in English, with only the users’ own words left in Chinese', async () => {
    const { rows } = await pool.query<{ objects_text: unknown }>(
      'SELECT objects_text FROM station_log WHERE objects_text IS NOT NULL ORDER BY id',
    );
    const english = rows.map((r) => renderText(r.objects_text as never, 'en'));
    expect(english).toEqual([
      'Site 000123 (张北一期)',
      'Site 000123 (张北一期): project name, site status, tags',
      'Site 000123 (张北一期): tags (none)',
      'Site 000123: attachment “site.pdf” uploaded',
      'Site 000123: channel configuration “安装配置” deleted (effective 2026-01-01 00:00)',
      'Site 000123 张北一期: new data version “work” (copied from “原始数据”)',
      'Data version “work”: Quality control (task #12)',
      'Data file “150001_202610.csv” stored: 4320 values, 2026-10-01 00:00 – 2026-10-30 23:50 UTC',
      'Repair record #5: 风速计损坏',
    ]);
    expect(english[3]).not.toMatch(CJK);
    expect(english[6]).not.toMatch(CJK);
    expect(english[7]).not.toMatch(CJK);
  });

  it('splits messages written in both languages at once, and leaves the others as written', async () => {
    const { rows } = await pool.query<{ message: string; message_text: unknown; description_text: unknown }>(
      'SELECT message, message_text, description_text FROM message ORDER BY id',
    );
    expect(renderText(rows[0]!.message_text as never, 'en')).toBe('Site 150001: data missing');
    expect(renderText(rows[0]!.message_text as never, 'zh')).toBe('站点 150001 数据缺失');
    expect(renderText(rows[0]!.description_text as never, 'en')).toBe('No data for 3 days');
    expect(rows[1]).toMatchObject({ message: '质量控制已完成（任务 #3）', message_text: null });
  });

  it('keys the built-in rules and templates, and the built-in rules named in alarms', async () => {
    // The lidar and sodar filters (migration 0027) come with their keys; 0022 keyed the 20 before them.
    const rules = await pool.query(
      "SELECT count(*)::int AS n FROM qc_rule WHERE builtin_key IS NOT NULL AND kind <> 'lidar_filter'",
    );
    expect(rules.rows[0].n).toBe(20);
    const templates = await pool.query(
      `SELECT builtin_key FROM report_template WHERE name IN ('标准周报', '标准月报') ORDER BY type`,
    );
    expect(templates.rows.map((r) => r.builtin_key)).toEqual([
      'reportTemplate.weekly_standard',
      'reportTemplate.monthly_standard',
    ]);
    const alarms = await pool.query('SELECT content FROM alarm ORDER BY id');
    expect(alarms.rows[0].content.ruleKey).toBe('qcRule.no_data_3_days');
    expect(alarms.rows[1].content.ruleKeys).toEqual(['qcRule.ws_range', null]);
  });
});
