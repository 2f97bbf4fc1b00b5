import { sql } from 'kysely';
import type { Database, TDb } from '../../platform/db/database.ts';
import { TimeSeriesRepository } from './timeseries.repository.ts';

const DAY_MS = 86_400_000;
const INVALID_FLAG = 3;
const FILLED_FLAG = 1;

/** A day's measured valid means and what filled values add to them (recovery after reconstruction). */
export interface TDaySlots {
  valid: number;
  filled: number;
}

/**
 * The valid 10-minute wind speed means of each UTC day as the group reports count recovery: per
 * height the better covered boom, then the mean over every wind speed height of the version (a dead
 * sensor lowers the day). `valid` is measured (WIND-ANALYSIS §3: a filled value, flag 1, is lack);
 * `filled` is what counting the filled values as valid adds (issue 45 §1), each height's best boom
 * taken again with them. Pure: `series` are the mean speed channels on one grid from `startMs`.
 */
export function dailyValidSlots(
  startMs: number,
  stepMs: number,
  channels: readonly { heightM: number; values: Float32Array; flags: Uint8Array }[],
): Map<number, TDaySlots> {
  const heights = [...new Set(channels.map((c) => c.heightM))];
  const byDay = new Map<number, Map<number, { valid: number; after: number }>>();
  for (const c of channels) {
    const counts = new Map<number, { valid: number; after: number }>();
    for (let i = 0; i < c.values.length; i++) {
      const v = c.values[i]!;
      const f = c.flags[i];
      if (!Number.isFinite(v) || f === INVALID_FLAG) continue;
      const day = Math.floor((startMs + i * stepMs) / DAY_MS) * DAY_MS;
      const n = counts.get(day) ?? { valid: 0, after: 0 };
      n.after++;
      if (f !== FILLED_FLAG) n.valid++;
      counts.set(day, n);
    }
    for (const [day, n] of counts) {
      const perHeight = byDay.get(day) ?? new Map<number, { valid: number; after: number }>();
      const best = perHeight.get(c.heightM) ?? { valid: 0, after: 0 };
      perHeight.set(c.heightM, {
        valid: Math.max(best.valid, n.valid),
        after: Math.max(best.after, n.after),
      });
      byDay.set(day, perHeight);
    }
  }
  const out = new Map<number, TDaySlots>();
  for (const [day, perHeight] of byDay) {
    let valid = 0;
    let after = 0;
    for (const h of heights) {
      valid += perHeight.get(h)?.valid ?? 0;
      after += perHeight.get(h)?.after ?? 0;
    }
    out.set(day, { valid: valid / heights.length, filled: (after - valid) / heights.length });
  }
  return out;
}

/** Days read at once when a site's days are recounted: a month, so a long reconstructed range is read in pieces. */
const PIECE_DAYS = 31;

/** A version's mean wind speed channels of one interval (the one most of them have), undefined when none. */
async function speedChannels(store: TimeSeriesRepository, versionId: number) {
  const all = (await store.listChannels(versionId)).filter(
    (c) => c.element === 'ws' && c.statistic === 'mean' && c.heightM !== null,
  );
  if (all.length === 0) return undefined;
  const byInterval = new Map<number, number>();
  for (const c of all) byInterval.set(c.intervalS, (byInterval.get(c.intervalS) ?? 0) + 1);
  const intervalS = [...byInterval].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const channels = all.filter((c) => c.intervalS === intervalS);
  return { channels, intervalS, expected: Math.max(1, Math.round(86_400 / intervalS)) };
}

/** dailyValidSlots of the whole UTC days [dayFrom, dayTo) of one version's speed channels. */
async function countDays(
  store: TimeSeriesRepository,
  speeds: NonNullable<Awaited<ReturnType<typeof speedChannels>>>,
  dayFrom: number,
  dayTo: number,
): Promise<Map<number, TDaySlots>> {
  const read = await store.readChannels(speeds.channels, dayFrom, dayTo);
  return dailyValidSlots(
    read.startMs,
    speeds.intervalS * 1000,
    speeds.channels.map((c) => ({ heightM: c.heightM!, ...read.series.get(c.id)! })),
  );
}

/** A gap reconstruction of a site: its task, the working version it wrote and the range it covered. */
export interface TSiteReconstruction {
  taskId: number;
  versionId: number;
  /** From the task's result; null while the task runs (its result is written when it has committed). */
  fromMs: number | null;
  toMs: number | null;
}

/**
 * The site's reconstruction that counts for "recovery after reconstruction" (issue 45 §1): its latest
 * `reconstruct` task not undone (reconstruction_undo.undone_at null), other than `exceptTaskId`. The undo
 * row is written in the reconstruct task's own transaction, so a task still `running` with an undo row is
 * the one whose transaction asks (or one that has committed and is being marked succeeded): it counts,
 * which lets the task recount the site's days before it commits. A failed task left no undo row.
 */
export async function siteReconstruction(
  db: TDb,
  stationId: number,
  exceptTaskId?: number,
): Promise<TSiteReconstruction | undefined> {
  const except = exceptTaskId === undefined ? sql`true` : sql`t.id <> ${exceptTaskId}`;
  const found = await sql<{
    id: number;
    version_id: number;
    start_time: string | null;
    end_time: string | null;
  }>`
    SELECT t.id, t.version_id, t.result->>'startTime' AS start_time, t.result->>'endTime' AS end_time
      FROM processing_task t
      JOIN reconstruction_undo u ON u.task_id = t.id AND u.undone_at IS NULL
      JOIN dataset_version v ON v.id = t.version_id AND v.station_id = t.station_id
     WHERE t.station_id = ${stationId} AND t.kind::text = 'reconstruct'
       AND t.status IN ('succeeded', 'running') AND ${except}
     ORDER BY t.id DESC
     LIMIT 1`.execute(db);
  const row = found.rows[0];
  if (!row) return undefined;
  const ms = (t: string | null) => (t === null ? null : Date.parse(t));
  return {
    taskId: Number(row.id),
    versionId: Number(row.version_id),
    fromMs: ms(row.start_time),
    toMs: ms(row.end_time),
  };
}

/**
 * Rewrites the site's per-day recovery (station_day) for the UTC days [fromMs, toMs] touches, from
 * its original version's stored wind speed means. Called by ingestion in the transaction that wrote
 * the data, so the hub's figures move with the data and a rolled-back file leaves no trace; and by the
 * gap reconstruction and its undo (refreshReconstructedDays), in their transactions.
 *
 * The measured count (valid_slots) is the original's. The count after reconstruction (valid + filled)
 * is, per day, the larger of the original's and the site's reconstructed version's (siteReconstruction:
 * the reconstruction writes only to a working version), each counted by the same rule (dailyValidSlots),
 * capped at the day's expected slots. The larger, not the reconstructed one: a working version may have
 * invalidated measured values (QC, manual flags) that the original still counts, and reconstruction never
 * lowers recovery. A reconstructed version of another interval is scaled to the original's slots.
 */
export async function refreshStationDays(
  db: TDb,
  stationId: number,
  versionId: number,
  fromMs: number,
  toMs: number,
): Promise<number> {
  const store = new TimeSeriesRepository(db);
  const original = await speedChannels(store, versionId);
  if (!original) return 0;
  const site = await siteReconstruction(db, stationId);
  const rebuilt =
    site && site.versionId !== versionId ? await speedChannels(store, site.versionId) : undefined;
  const expected = original.expected;
  const dayFrom = Math.floor(fromMs / DAY_MS) * DAY_MS;
  const dayTo = Math.floor(toMs / DAY_MS) * DAY_MS + DAY_MS;
  const rows: {
    station_id: number;
    day: string;
    valid_slots: number;
    filled_slots: number;
    expected_slots: number;
  }[] = [];
  for (let from = dayFrom; from < dayTo; from += PIECE_DAYS * DAY_MS) {
    const to = Math.min(dayTo, from + PIECE_DAYS * DAY_MS);
    const counts = await countDays(store, original, from, to);
    const rebuiltCounts = rebuilt ? await countDays(store, rebuilt, from, to) : undefined;
    for (let day = from; day < to; day += DAY_MS) {
      const n = counts.get(day) ?? { valid: 0, filled: 0 };
      const measured = Math.min(n.valid, expected);
      let after = Math.min(n.valid + n.filled, expected);
      const r = rebuiltCounts?.get(day);
      if (r && rebuilt) {
        after = Math.max(after, Math.min(((r.valid + r.filled) * expected) / rebuilt.expected, expected));
      }
      rows.push({
        station_id: stationId,
        day: new Date(day).toISOString().slice(0, 10),
        valid_slots: measured,
        filled_slots: Math.max(0, after - measured),
        expected_slots: expected,
      });
    }
  }
  await db
    .deleteFrom('station_day')
    .where('station_id', '=', stationId)
    .where('day', '>=', sql<Date>`${new Date(dayFrom).toISOString().slice(0, 10)}::date`)
    .where('day', '<', sql<Date>`${new Date(dayTo).toISOString().slice(0, 10)}::date`)
    .execute();
  // Days without any valid or filled value are kept only inside the site's data (a silent gap counts as 0).
  const kept = rows.filter((r) => r.valid_slots > 0 || r.filled_slots > 0);
  for (let i = 0; i < kept.length; i += 1000) {
    await db
      .insertInto('station_day')
      .values(kept.slice(i, i + 1000))
      .execute();
  }
  await refreshStationWindows(db, currentWindowTo(Date.now()), stationId);
  return kept.length;
}

/**
 * Recounts the site's days after a gap reconstruction (`taskId`, run on `versionId`) wrote, or after its
 * undo: the days [fromMs, toMs] it covered, in the task's transaction. The site's other reconstruction
 * (the one that counted before this one ran, or counts again now this one is undone) is recounted over its
 * range too when it is of another working version: only one reconstructed version counts at a time.
 */
export async function refreshReconstructedDays(
  db: TDb,
  task: { stationId: number; taskId: number; versionId: number; fromMs: number; toMs: number },
): Promise<void> {
  const original = await new TimeSeriesRepository(db).findOriginalVersion(task.stationId);
  if (!original) return;
  await refreshStationDays(db, task.stationId, original.id, task.fromMs, task.toMs);
  const other = await siteReconstruction(db, task.stationId, task.taskId);
  if (other && other.versionId !== task.versionId && other.fromMs !== null && other.toMs !== null) {
    await refreshStationDays(db, task.stationId, original.id, other.fromMs, other.toMs);
  }
}

/** The end (exclusive) of the hub's windows at `nowMs`: today, a UTC day not over yet. */
export function currentWindowTo(nowMs: number): string {
  return new Date(Math.floor(nowMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Rewrites station_recovery for the windows ending (exclusive) on `windowTo`: the sums of the 7 and 30
 * whole days before it, for one site or for all. All sites at once sums ~300 000 day rows for 10 000
 * sites (≈ 120 ms measured on this machine kind): done once a day, not on every hub call.
 */
export async function refreshStationWindows(db: TDb, windowTo: string, stationId?: number): Promise<void> {
  const one = stationId === undefined ? sql`true` : sql`station_id = ${stationId}`;
  // Sites without a day in the window keep a row of zeros (they are silent, not unknown).
  await sql`
    UPDATE station_recovery SET window_to = ${windowTo}::date, valid7 = 0, valid30 = 0, filled7 = 0, filled30 = 0
     WHERE ${one}`.execute(db);
  // A day counted before migration 0048 (filled_slots null) adds nothing after reconstruction.
  await sql`
    INSERT INTO station_recovery (station_id, window_to, valid7, valid30, filled7, filled30, expected_slots)
    SELECT station_id, ${windowTo}::date,
           coalesce(sum(valid_slots) FILTER (WHERE day >= ${windowTo}::date - 7), 0),
           sum(valid_slots),
           coalesce(sum(filled_slots) FILTER (WHERE day >= ${windowTo}::date - 7), 0),
           coalesce(sum(filled_slots), 0),
           max(expected_slots)
      FROM station_day
     WHERE ${one} AND day >= ${windowTo}::date - 30 AND day < ${windowTo}::date
     GROUP BY station_id
    ON CONFLICT (station_id) DO UPDATE
       SET window_to = EXCLUDED.window_to, valid7 = EXCLUDED.valid7, valid30 = EXCLUDED.valid30,
           filled7 = EXCLUDED.filled7, filled30 = EXCLUDED.filled30,
           expected_slots = EXCLUDED.expected_slots`.execute(db);
}

/** Advisory-lock class of the daily roll of the hub's windows. */
const WINDOW_LOCK_CLASS = 74_521_108;

/**
 * Rolls every site's windows forward to `windowTo` unless that was done: one process does it, the
 * others wait on the lock and find it done.
 */
export async function rollStationWindows(db: Database, windowTo: string): Promise<boolean> {
  const isDue = async (q: TDb) => {
    // Every site with days has a row (written with its days): only rows of another day are stale.
    const due = await sql<{ one: number }>`
      SELECT 1 AS one FROM station_recovery WHERE window_to <> ${windowTo}::date LIMIT 1`.execute(q);
    return due.rows.length > 0;
  };
  if (!(await isDue(db))) return false;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${WINDOW_LOCK_CLASS}, 0)`.execute(trx);
    if (!(await isDue(trx))) return false;
    await refreshStationWindows(trx, windowTo);
    return true;
  });
}

/**
 * Fills station_day for sites that held data before it existed (an upgrade): their original version's
 * last 60 days, one site at a time. Sites already counted, or silent for longer, are skipped, so running
 * it at every start is cheap. A site with a day of those 60 counted before migration 0048 (no filled
 * count) is counted again, so the hub's recovery after reconstruction holds its filled values.
 */
export async function backfillStationDays(db: Database, days = 60): Promise<number> {
  const rows = await sql<{ station_id: number; version_id: number; last_time: Date }>`
    SELECT v.station_id, v.id AS version_id, sm.last_time
      FROM dataset_version v JOIN ts_version_summary sm ON sm.version_id = v.id
     WHERE v.kind = 'original' AND sm.last_time > now() - make_interval(days => ${days})
       AND (NOT EXISTS (SELECT 1 FROM station_day d WHERE d.station_id = v.station_id)
            OR EXISTS (SELECT 1 FROM station_day d
                        WHERE d.station_id = v.station_id AND d.filled_slots IS NULL
                          AND d.day >= (now() - make_interval(days => ${days}))::date))`.execute(db);
  let sites = 0;
  for (const r of rows.rows) {
    const toMs = Date.now();
    await db.transaction().execute(async (trx) => {
      await refreshStationDays(trx, Number(r.station_id), Number(r.version_id), toMs - days * DAY_MS, toMs);
    });
    sites++;
  }
  return sites;
}
