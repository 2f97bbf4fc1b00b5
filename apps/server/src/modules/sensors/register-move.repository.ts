// Moving a sensor between masts (issue 44 §3): the configuration rows it writes on both sites, in the caller's
// transaction — data access through and through, so it lives as a repository (sql-placement.test.ts).
import {
  AppError,
  type Language,
  localizeIssues,
  type TIssueLike,
  type TSensorMoveReply,
  type TSensorMoveRequest,
  type TText,
  text,
} from '@masthub/shared';
import { sql } from 'kysely';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { namesSensor } from './register.repository.ts';

/** What the move needs of the station log (modules/station-log): one row in the caller's transaction. */
export interface TSensorLogWriter {
  record(
    db: Database,
    entry: {
      operator: Pick<TAuthUser, 'id' | 'account' | 'userName'>;
      type: 'add' | 'edit';
      stationId: number;
      location: 'channelConfiguration';
      objects: TText;
      details?: unknown;
    },
  ): Promise<void>;
}

export interface TMoveSite {
  id: number;
  code: string;
}

interface TConfigRow {
  id: number;
  effective_from: Date;
}

const formatInstant = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The same lock the channel configuration service takes: a site's configurations change one at a time. */
async function lockSites(db: Database, ids: readonly number[]): Promise<void> {
  for (const id of [...ids].sort((a, b) => a - b)) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`channel_config:${id}`}, 0))`.execute(db);
  }
}

/** The configuration in force at `date` on the site; refuses when a later one exists (history stays linear). */
async function inForceAt(db: Database, site: TMoveSite, date: Date): Promise<TConfigRow | undefined> {
  const rows = await db
    .selectFrom('channel_config')
    .select(['id', 'effective_from'])
    .where('station_id', '=', site.id)
    .orderBy('effective_from')
    .execute();
  if (rows.some((r) => r.effective_from.getTime() > date.getTime())) {
    throw new AppError('SENSOR_MOVE_LATER_CONFIG', { code: site.code, date: formatInstant(date) });
  }
  return rows.at(-1);
}

/**
 * A copy of configuration `sourceId` from `date` under `name`, with its channels but those of
 * `excludedChannelIds`. Rows are copied through jsonb so every column comes along, including ones later
 * migrations add to the configuration tables; only what makes it a new configuration is replaced.
 */
async function copyConfig(
  db: Database,
  sourceId: number,
  date: Date,
  name: string,
  user: TAuthUser,
  excludedChannelIds: readonly number[],
): Promise<number> {
  const now = new Date().toISOString();
  const config = await sql<{ id: number }>`
    INSERT INTO channel_config
    SELECT (jsonb_populate_record(NULL::channel_config, to_jsonb(c) || jsonb_build_object(
      'id', nextval(pg_get_serial_sequence('channel_config', 'id')),
      'effective_from', ${date.toISOString()}::text, 'name', ${name}::text, 'builtin_key', NULL,
      'notes', '', 'updater_id', ${user.id}::bigint, 'updater_name', ${user.userName}::text,
      'created_at', ${now}::text, 'updated_at', ${now}::text))).*
    FROM channel_config c WHERE c.id = ${sourceId}
    RETURNING id`.execute(db);
  const id = Number(config.rows[0]!.id);
  await sql`
    INSERT INTO channel_config_channel
    SELECT (jsonb_populate_record(NULL::channel_config_channel, to_jsonb(ch) || jsonb_build_object(
      'id', nextval(pg_get_serial_sequence('channel_config_channel', 'id')), 'config_id', ${id}::bigint))).*
    FROM channel_config_channel ch
    WHERE ch.config_id = ${sourceId} AND NOT (ch.id = ANY(${[...excludedChannelIds]}::bigint[]))
    ORDER BY ch.position`.execute(db);
  return id;
}

/** An empty configuration from `date` (the target site had none in force). */
async function newConfig(db: Database, site: TMoveSite, date: Date, name: string, user: TAuthUser) {
  const row = await db
    .insertInto('channel_config')
    .values({
      station_id: site.id,
      name,
      effective_from: date,
      updater_id: user.id,
      updater_name: user.userName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Issue 44 §3: moving a sensor between masts is a configuration change on both, in the caller's
 * transaction. The old site gets a configuration from `date` without the sensor's channels, the target
 * a configuration from `date` with them (at the new height, boom, tag, names and keys) — each a copy of
 * the configuration in force there, or that configuration itself when it starts exactly at `date`. Both
 * station logs say it.
 */
export async function moveSensor(
  db: Database,
  input: TSensorMoveRequest,
  ctx: {
    user: TAuthUser;
    language: Language;
    sensor: { id: number; label: string; serial: string };
    from: TMoveSite;
    target: TMoveSite;
    stationLog: TSensorLogWriter;
  },
): Promise<TSensorMoveReply> {
  const { user, language, sensor, from, target } = ctx;
  await lockSites(db, [from.id, target.id]);
  const fromConfig = await inForceAt(db, from, input.date);
  const targetConfig = await inForceAt(db, target, input.date);
  const notMounted = () =>
    new AppError('SENSOR_NOT_MOUNTED', { code: from.code, date: formatInstant(input.date) });
  if (!fromConfig) throw notMounted();
  const moved = await db
    .selectFrom('channel_config_channel as ch')
    .innerJoin('sensor as se', (join) => join.on(namesSensor('ch', 'se')))
    .selectAll('ch')
    .where('se.id', '=', sensor.id)
    .where('ch.config_id', '=', fromConfig.id)
    .orderBy('ch.position')
    .execute();
  if (moved.length === 0) throw notMounted();

  // The names and keys on the target: as given per channel, else as they were.
  const renames = new Map((input.channels ?? []).map((c) => [c.source, c]));
  const issues: TIssueLike[] = (input.channels ?? []).flatMap((c, i) =>
    moved.some((m) => m.channel_name === c.source)
      ? []
      : [{ code: 'custom', path: ['channels', i, 'source'], message: 'v.oneOf' }],
  );
  const incoming = moved.map((m) => ({
    row: m,
    channelName: renames.get(m.channel_name)?.channelName ?? m.channel_name,
    dataKey: renames.get(m.channel_name)?.dataKey ?? m.data_key,
  }));
  if (targetConfig) {
    const taken = new Set(
      (
        await db
          .selectFrom('channel_config_channel')
          .select('data_key')
          .where('config_id', '=', targetConfig.id)
          .execute()
      ).map((r) => r.data_key.toLowerCase()),
    );
    incoming.forEach((c, i) => {
      if (taken.has(c.dataKey.toLowerCase())) {
        issues.push({ code: 'custom', path: ['channels', i, 'dataKey'], message: 'v.duplicate' });
      }
    });
  }
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, localizeIssues(issues, language));

  const outName = say(language, 'sensors.register.movedOutName', { serial: sensor.serial });
  const inName = say(language, 'sensors.register.movedInName', { serial: sensor.serial });
  const starts = (c: TConfigRow) => c.effective_from.getTime() === input.date.getTime();
  const movedIds = moved.map((m) => Number(m.id));

  // The old site: without the sensor's channels.
  let fromConfigId: number;
  if (starts(fromConfig)) {
    fromConfigId = Number(fromConfig.id);
    await db.deleteFrom('channel_config_channel').where('id', 'in', movedIds).execute();
  } else {
    fromConfigId = await copyConfig(db, fromConfig.id, input.date, outName, user, movedIds);
  }

  // The target: with them.
  let targetConfigId: number;
  if (targetConfig && starts(targetConfig)) targetConfigId = Number(targetConfig.id);
  else if (targetConfig) targetConfigId = await copyConfig(db, targetConfig.id, input.date, inName, user, []);
  else targetConfigId = await newConfig(db, target, input.date, inName, user);
  const last = await db
    .selectFrom('channel_config_channel')
    .select(sql<number>`coalesce(max(position), -1)`.as('position'))
    .where('config_id', '=', targetConfigId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('channel_config_channel')
    .values(
      incoming.map(({ row, channelName, dataKey }, i) => {
        const { id: _id, config_id: _config, position: _position, ...rest } = row;
        return {
          ...rest,
          config_id: targetConfigId,
          position: Number(last.position) + 1 + i,
          channel_name: channelName,
          data_key: dataKey,
          height_m: input.heightM,
          boom_orientation_deg: input.boomOrientationDeg,
          tag: input.tag,
          // What a Task 43 import kept of the channel (its point, mounting, column) describes where it was:
          // on the new mast it has another point and mounting, so none of it comes along.
          iea43: null,
        };
      }),
    )
    .execute();

  const names = await db
    .selectFrom('channel_config')
    .select(['id', 'name'])
    .where('id', 'in', [fromConfigId, targetConfigId])
    .execute();
  const nameOf = (id: number) => names.find((n) => Number(n.id) === id)?.name ?? '';
  const details = {
    sensorId: sensor.id,
    fromStationId: from.id,
    targetStationId: target.id,
    date: input.date.toISOString(),
    fromConfigId,
    targetConfigId,
    channels: incoming.map((c) => ({
      source: c.row.channel_name,
      channelName: c.channelName,
      dataKey: c.dataKey,
    })),
  };
  await ctx.stationLog.record(db, {
    operator: user,
    type: fromConfigId === Number(fromConfig.id) ? 'edit' : 'add',
    stationId: from.id,
    location: 'channelConfiguration',
    objects: text('stationLog.sensorMovedOut', {
      code: from.code,
      sensor: sensor.label,
      target: target.code,
      from: formatInstant(input.date),
      name: nameOf(fromConfigId),
    }),
    details,
  });
  await ctx.stationLog.record(db, {
    operator: user,
    type: targetConfig && targetConfigId === Number(targetConfig.id) ? 'edit' : 'add',
    stationId: target.id,
    location: 'channelConfiguration',
    objects: text('stationLog.sensorMovedIn', {
      code: target.code,
      sensor: sensor.label,
      source: from.code,
      from: formatInstant(input.date),
      height: input.heightM ?? '—',
      name: nameOf(targetConfigId),
    }),
    details,
  });
  return { fromConfigId, targetConfigId };
}
