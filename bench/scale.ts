// The fleet at scale, for `npm run bench` (issue 33): a synthetic fleet — SCALE_SITES sites (default
// 1 000) × one year of 40-channel 10-minute data, named synthetic ("规模基准 Synthetic scale site") —
// ingested through the real ingestion path (monthly logger files recognised by their column titles,
// parsed, merged into month chunks) into an embedded PostgreSQL, then measured:
// - `scale.ingest_values_per_s.1k_sites`: values stored per second over the whole import (2 files at
//   a time, as a 2-core worker takes them);
// - `scale.bytes_per_value.1k_sites`: the chunk table with its TOAST and indexes per stored grid slot
//   after a VACUUM (`scale.live_bytes_per_value…`: the stored arrays alone, without the pages' room);
//   `scale.chunk_table_mb…`, `scale.chunk_index_mb…`, `scale.database_mb…`;
// - `scale.hub_ms.1k_sites` (target ≤ 150), `scale.alarm_sweep_ms.1k_sites`, `scale.search_ms.1k_sites`
//   (the site list filtered by a name, over HTTP), `scale.stats_ms.site_year.1k_sites` (one site-year's
//   statistics, cold, over HTTP; target ≤ 300) and `scale.group_report_ms.50_sites` (a 50-site monthly
//   group report: tables, charts, Word and PDF).
// - Before/after the chunk table's partitioning (issue 43 §5, migration 0042): the database is put back in
//   the layout an upgrade finds (every chunk in one unpartitioned table), `scale.hub_ms.unpartitioned…` and
//   `scale.stats_ms.site_year_first_unpartitioned…` (a site-year's statistics whose columns no one read
//   yet, median of 5 sites) measured, the store.partition move timed to its end
//   (`scale.partition_move_s…`, `scale.partition_move_mb_per_s…` of the table as it was), and
//   `scale.stats_ms.site_year_first_partitioned…` on 5 other sites; `scale.chunk_total_mb.*_compact…`: the
//   chunks with TOAST and indexes in either layout as written in one go (the copy, the move). The ingestion figure above is into the
//   partitioned table; the one before is the same bench at the commit before 0042.
// Alone: `npx tsx bench/scale.ts [sites]`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { moveFor } from '../apps/server/src/modules/timeseries/partition-chunks.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer, type TServer } from '../apps/server/src/server.ts';
import { reapplyPartitionMigration } from '../apps/server/test/unpartitioned-chunks.ts';
import type { TBenchResult } from './run.ts';

const ADMIN_PASSWORD = 'Bench#Scale2026';
const YEAR_START = Date.UTC(2025, 0, 1);
const SPEED_HEIGHTS = [120, 110, 100, 90, 80, 70, 60, 50, 40, 10];
const VANE_HEIGHTS = [118, 78, 38];
/** 10 heights × avg/sd/max of speed, 3 vanes × avg/sd, temperature at two heights, humidity, pressure. */
const HEADER = [
  'TIMESTAMP',
  ...SPEED_HEIGHTS.flatMap((h) => [`WS_${h}m_Avg`, `WS_${h}m_Std`, `WS_${h}m_Max`]),
  ...VANE_HEIGHTS.flatMap((h) => [`WD_${h}m_Avg`, `WD_${h}m_Std`]),
  'T_80m_Avg',
  'T_10m_Avg',
  'RH_10m_Avg',
  'P_10m_Avg',
].join(',');
const CHANNELS = HEADER.split(',').length - 1;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** "0.00" … "999.99": numbers formatted by lookup, so a year of 40 channels is written in a blink. */
const DECIMALS = Array.from({ length: 100_000 }, (_, i) => (i / 100).toFixed(2));
const fmt = (v: number) => DECIMALS[Math.max(0, Math.min(99_999, Math.round(v * 100)))]!;

/** One synthetic month of one site as a logger CSV (stamps in UTC at the end of each period, as a Campbell TIMESTAMP: each file fills its own month). */
function monthCsv(site: number, month: number): Buffer {
  const from = Date.UTC(2025, month, 1);
  const to = Date.UTC(2025, month + 1, 1);
  const lines = [HEADER];
  let seed = (site * 7919 + month * 104_729) >>> 0;
  const rand = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 0xffffffff;
  };
  let base = 5 + (site % 7);
  let direction = (site * 37) % 360;
  for (let t = from + 600_000; t <= to; t += 600_000) {
    base = Math.max(0.3, base + (rand() - 0.5) * 0.8 + (7 - base) * 0.01);
    direction = (direction + (rand() - 0.5) * 20 + 360) % 360;
    const stamp = new Date(t).toISOString().slice(0, 19).replace('T', ' ');
    const cells: string[] = [stamp];
    for (const h of SPEED_HEIGHTS) {
      const v = base * (h / 80) ** 0.18;
      cells.push(fmt(v), fmt(v * 0.12 + rand() * 0.1), fmt(v * 1.35 + rand()));
    }
    for (const h of VANE_HEIGHTS) cells.push(fmt((direction + h / 20) % 360), fmt(8 + rand() * 4));
    const hour = (t / 3_600_000) % 24;
    const temperature = 10 + 8 * Math.sin(((hour - 9) / 24) * 2 * Math.PI);
    cells.push(fmt(temperature + 20), fmt(temperature + 21), fmt(50 + rand() * 30), fmt(880 + rand() * 2));
    lines.push(cells.join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function startServer(dataDir: string): Promise<TServer> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'fatal',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    HEAVY_PER_USER: '8',
  });
  return createServer(config, createLogger(config));
}

export async function benchScale(sites = Number(process.env.SCALE_SITES ?? 1000)): Promise<TBenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-scale-'));
  const server = await startServer(dataDir);
  const db = server.db;
  const tag = sites === 1000 ? '1k_sites' : `${sites}_sites`;
  try {
    await sql`
      INSERT INTO station (station_code, project_name, province, longitude, latitude, status, station_type,
                           pylon_height_m, altitude_m, start_time)
      SELECT lpad((900000 + g)::text, 6, '0'), '规模基准 Synthetic scale site ' || g, '内蒙古自治区',
             105 + (g % 100) / 10.0, 38 + (g / 100) / 10.0, 0, 'met_mast', 120, 1200, ${new Date(YEAR_START)}
        FROM generate_series(1, ${sites}) g`.execute(db);
    const stations = await db.selectFrom('station').select('id').orderBy('id').execute();
    // Monthly files, two at a time: site by site, month by month.
    const queue: { stationId: number; site: number; month: number }[] = [];
    stations.forEach((s, k) => {
      for (let month = 0; month < 12; month++) queue.push({ stationId: s.id, site: k + 1, month });
    });
    let next = 0;
    let generateMs = 0;
    const started = performance.now();
    const worker = async () => {
      for (;;) {
        const job = queue[next++];
        if (!job) return;
        const g = performance.now();
        const bytes = monthCsv(job.site, job.month);
        generateMs += performance.now() - g;
        const result = await server.services.ingestion.ingestFile({
          stationId: job.stationId,
          fileName: `scale_${job.site}_2025-${String(job.month + 1).padStart(2, '0')}.csv`,
          source: 'seed',
          bytes,
        });
        if (result.status !== 'parsed') throw new Error(`scale file not parsed: ${result.status}`);
        if (next % 1200 === 0) console.log(`  (scale: ${next} of ${queue.length} files)`);
      }
    };
    await Promise.all([worker(), worker()]);
    const ingestS = (performance.now() - started - generateMs / 2) / 1000;
    await sql`VACUUM ANALYZE ts_chunk`.execute(db);
    const size = (
      await sql<{
        slots: string;
        present: string;
        live: string;
        heap: string;
        toast: string;
        indexes: string;
        database: string;
      }>`
        -- ts_chunk is partitioned (migration 0042): its sizes are its partitions'.
        WITH parts AS (SELECT relid FROM pg_partition_tree('ts_chunk') WHERE isleaf)
        SELECT sum(slot_count) AS slots, sum(value_count) AS present,
               sum(octet_length("values") + octet_length(flags) + coalesce(octet_length(sources), 0)) AS live,
               (SELECT sum(pg_relation_size(relid)) FROM parts) AS heap,
               (SELECT sum(pg_total_relation_size(relid) - pg_relation_size(relid) - pg_indexes_size(relid)) FROM parts) AS toast,
               (SELECT sum(pg_indexes_size(relid)) FROM parts) AS indexes,
               pg_database_size(current_database()) AS database
          FROM ts_chunk`.execute(db)
    ).rows[0]!;
    const present = Number(size.present);
    const chunkBytes = Number(size.heap) + Number(size.toast) + Number(size.indexes);
    const mb = (n: number) => Math.round(n / 1e5) / 10;

    // The worker threads start with the server (npm start does this during its start).
    await server.warmUp();
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/security/sys/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown, utcCode = '+08:00') => {
      const t = performance.now();
      const r = await fetch(`${address}/api${url}`, {
        method,
        headers: { 'content-type': 'application/json', token, 'utc-code': utcCode },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = (await r.json()) as { code: number; msg: string };
      if (answer.code !== 200) throw new Error(`${url} answered ${answer.code}: ${answer.msg}`);
      return performance.now() - t;
    };
    const repeat = async (runs: number, fn: (k: number) => Promise<number>) => {
      await fn(-1);
      const times: number[] = [];
      for (let k = 0; k < runs; k++) times.push(await fn(k));
      return Math.round(median(times) * 10) / 10;
    };
    const hubMs = await repeat(9, () => call('GET', '/web/hub/overview?silentDays=3'));
    const searchMs = await repeat(9, (k) =>
      call('POST', '/web/station/page', { pageNo: 1, pageSize: 20, projectName: `site ${100 + k}` }),
    );
    const sweepMs = await repeat(5, async () => {
      const t = performance.now();
      await server.services.alarms.sweepNoData(new Date());
      return performance.now() - t;
    });
    const version = await db
      .selectFrom('dataset_version')
      .select('id')
      .where('station_id', '=', stations[Math.floor(stations.length / 2)]!.id)
      .executeTakeFirstOrThrow();
    // Cold each time: another time zone is another key; its columns read once, then cached.
    const zones = ['+01:00', '+02:00', '+03:00', '+04:00', '+05:00', '+06:00'];
    const statsFirst = await call(
      'POST',
      '/data-process/statistics/analysis',
      { versionId: version.id },
      '+00:00',
    );
    const statsMs = await repeat(5, (k) =>
      call('POST', '/data-process/statistics/analysis', { versionId: version.id }, zones[k + 1]!),
    );
    const reportMs = await groupReport(
      server,
      stations.slice(0, 50).map((s) => s.id),
    );
    const layouts = await partitionBeforeAfter(server, stations, {
      hub: () => call('GET', '/web/hub/overview?silentDays=3'),
      statsOf: (versionId) => call('POST', '/data-process/statistics/analysis', { versionId }, '+00:00'),
    });
    const hubUnpartitionedMs = layouts.hubUnpartitionedMs;
    console.log(
      `  (scale: ${sites} sites × 1 year × ${CHANNELS} channels, ${present} values in ${Math.round(ingestS)} s; ` +
        `chunks ${mb(Number(size.heap))} MB heap + ${mb(Number(size.toast))} MB TOAST + ${mb(Number(size.indexes))} MB indexes, ` +
        `database ${mb(Number(size.database))} MB; site-year statistics first read ${Math.round(statsFirst)} ms)`,
    );
    return [
      { name: `scale.ingest_values_per_s.${tag}`, value: Math.round(present / ingestS), unit: 'values/s' },
      {
        name: `scale.bytes_per_value.${tag}`,
        value: Math.round((chunkBytes / Number(size.slots)) * 1000) / 1000,
        unit: 'B/slot',
      },
      {
        name: `scale.live_bytes_per_value.${tag}`,
        value: Math.round((Number(size.live) / Number(size.slots)) * 1000) / 1000,
        unit: 'B/slot',
      },
      { name: `scale.chunk_table_mb.${tag}`, value: mb(Number(size.heap) + Number(size.toast)), unit: 'MB' },
      { name: `scale.chunk_index_mb.${tag}`, value: mb(Number(size.indexes)), unit: 'MB' },
      { name: `scale.database_mb.${tag}`, value: mb(Number(size.database)), unit: 'MB' },
      { name: `scale.hub_ms.${tag}`, value: hubMs, unit: 'ms' },
      { name: `scale.alarm_sweep_ms.${tag}`, value: sweepMs, unit: 'ms' },
      { name: `scale.search_ms.${tag}`, value: searchMs, unit: 'ms' },
      { name: `scale.stats_ms.site_year_first.${tag}`, value: Math.round(statsFirst), unit: 'ms' },
      { name: `scale.stats_ms.site_year.${tag}`, value: statsMs, unit: 'ms' },
      { name: 'scale.group_report_ms.50_sites', value: reportMs, unit: 'ms' },
      { name: `scale.hub_ms.unpartitioned.${tag}`, value: hubUnpartitionedMs, unit: 'ms' },
      {
        name: `scale.stats_ms.site_year_first_unpartitioned.${tag}`,
        value: layouts.statsFirstUnpartitionedMs,
        unit: 'ms',
      },
      {
        name: `scale.stats_ms.site_year_first_partitioned.${tag}`,
        value: layouts.statsFirstPartitionedMs,
        unit: 'ms',
      },
      { name: `scale.partition_move_s.${tag}`, value: layouts.moveS, unit: 's' },
      { name: `scale.partition_move_mb_per_s.${tag}`, value: layouts.moveMbPerS, unit: 'MB/s' },
      {
        name: `scale.chunk_total_mb.unpartitioned_compact.${tag}`,
        value: layouts.unpartitionedMb,
        unit: 'MB',
      },
      { name: `scale.chunk_total_mb.partitioned_compact.${tag}`, value: layouts.movedMb, unit: 'MB' },
    ];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Before and after migration 0042 on the same fleet: the database put back in the layout from before
 * (every chunk in one unpartitioned table, as an upgrade finds it), a site-year's statistics read cold
 * (sites whose columns no one read yet: median of 5) and the hub; then the store.partition move timed to
 * its end; then the same statistics on 5 other sites, now read from their partitions.
 */
async function partitionBeforeAfter(
  server: TServer,
  stations: { id: number }[],
  calls: { hub: () => Promise<number>; statsOf: (versionId: number) => Promise<number> },
): Promise<{
  hubUnpartitionedMs: number;
  statsFirstUnpartitionedMs: number;
  statsFirstPartitionedMs: number;
  moveS: number;
  moveMbPerS: number;
  unpartitionedMb: number;
  movedMb: number;
}> {
  const db = server.db;
  // From the end of the fleet: the hub, the statistics and the group report above read the first ones.
  const versions = await db
    .selectFrom('dataset_version')
    .select('id')
    .where(
      'station_id',
      'in',
      stations.slice(-10).map((s) => s.id),
    )
    .orderBy('id')
    .execute();
  if (versions.length < 10) throw new Error('the scale fleet needs 10 sites at least');
  const firstReads = async (ids: { id: number }[]) => {
    const times: number[] = [];
    for (const v of ids) times.push(await calls.statsOf(v.id));
    return Math.round(median(times));
  };
  await reapplyPartitionMigration(db);
  await sql`VACUUM ANALYZE ts_chunk_unpartitioned`.execute(db);
  const bytes = Number(
    (await sql<{ b: string }>`SELECT pg_total_relation_size('ts_chunk_unpartitioned') AS b`.execute(db))
      .rows[0]!.b,
  );
  await calls.hub();
  const hubTimes: number[] = [];
  for (let k = 0; k < 9; k++) hubTimes.push(await calls.hub());
  const statsFirstUnpartitionedMs = await firstReads(versions.slice(0, 5));
  const started = performance.now();
  if (!(await moveFor(db, 24 * 3_600_000))) throw new Error('the partition move did not end');
  const moveS = (performance.now() - started) / 1000;
  await sql`VACUUM ANALYZE ts_chunk`.execute(db);
  // Both tables as written in one go (a copy, the move): the layouts' own sizes, without the room the
  // ingestion's rewrites of month chunks left, which depends on when autovacuum came by.
  const moved = await sql<{ b: string }>`
    SELECT sum(pg_total_relation_size(relid)) AS b FROM pg_partition_tree('ts_chunk') WHERE isleaf`.execute(
    db,
  );
  return {
    unpartitionedMb: Math.round(bytes / 1e5) / 10,
    movedMb: Math.round(Number(moved.rows[0]!.b) / 1e5) / 10,
    hubUnpartitionedMs: Math.round(median(hubTimes) * 10) / 10,
    statsFirstUnpartitionedMs,
    statsFirstPartitionedMs: await firstReads(versions.slice(5)),
    moveS: Math.round(moveS * 10) / 10,
    moveMbPerS: Math.round(bytes / 1e6 / moveS),
  };
}

/** A monthly report of a group of (up to) 50 of the fleet's sites: tables, charts, Word and PDF. */
async function groupReport(server: TServer, stationIds: number[]): Promise<number> {
  const db = server.db;
  const template = await db
    .selectFrom('report_template')
    .select('id')
    .where('type', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const group = await db
    .insertInto('report_group')
    .values({
      name: 'scale bench',
      creator_id: null,
      effective_start: '2025-01-01',
      effective_end: '2027-12-31',
      report_types: ['monthly'],
      weekly_template_id: null,
      monthly_template_id: template.id,
      data_source_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('report_group_station')
    .values(stationIds.map((id) => ({ group_id: group.id, station_id: id })))
    .execute();
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const report = await db
      .insertInto('group_report')
      .values({
        group_id: group.id,
        statement_type: 'monthly',
        period_start: new Date(Date.UTC(2025, 5, 1) - 8 * 3_600_000),
        period_end: new Date(Date.UTC(2025, 6, 1) - 8 * 3_600_000 + i),
        created_by: null,
        generate_time: null,
        send_time: null,
        mail_id: null,
        docx_sha256: null,
        pdf_sha256: null,
        docx_size: null,
        pdf_size: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t = performance.now();
    const outcome = await server.services.reports.runGeneration(report.id);
    runs.push(performance.now() - t);
    if (outcome !== 'success') throw new Error('the scale group report failed');
    await db.deleteFrom('group_report').where('id', '=', report.id).execute();
  }
  return Math.round(median(runs));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv.slice(2).find((a) => /^\d+$/.test(a));
  const sites = given ? Number(given) : undefined;
  const results = await benchScale(sites);
  console.log(JSON.stringify(results));
  process.exit(0);
}
