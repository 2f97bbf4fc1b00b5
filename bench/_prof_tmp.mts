import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import { generateSites } from './map.ts';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-prof-'));
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Bench#2026pw', SEED_DEMO_DATA: 'false', PORT: '0', HOST: '127.0.0.1' });
const server = await createServer(config, createLogger(config));
const sites = generateSites();
for (let i = 0; i < sites.length; i += 1000) {
  await server.db.insertInto('station').values(sites.slice(i, i + 1000).map((s) => ({ station_code: s.stationCode, project_name: s.projectName, longitude: s.longitude, latitude: s.latitude, status: s.status }))).execute();
}
await sql`ANALYZE station`.execute(server.db);
const subject = { id: 1, roleId: null, isAdmin: true, dataScope: 'all' as const };
const time = async (label: string, f: () => Promise<unknown>) => {
  const ts: number[] = [];
  for (let i = 0; i < 7; i++) { const t = performance.now(); await f(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b); console.log(label, ts[3]!.toFixed(1));
};
const q = () => server.db.selectFrom('station as s').leftJoin('owner as op', 'op.id', 's.owner_party_id').where('s.is_deleted', '=', false).select(['s.id','s.station_code','s.project_name','s.longitude','s.latitude','s.status','s.station_type','s.owner_party_id','op.name as owner_party_name']);
for (let w = 0; w < 3; w++) await q().execute();
await time('sql ordered', () => q().orderBy('s.station_code').execute());
await time('sql unordered', () => q().execute());
await time('sql raw text', () => sql`SELECT s.id, s.station_code FROM station s`.execute(server.db));
const r = await sql`EXPLAIN ANALYZE SELECT s.id, s.station_code, s.project_name, s.longitude, s.latitude, s.status, s.station_type, s.owner_party_id, op.name FROM station s LEFT JOIN owner op ON op.id = s.owner_party_id WHERE NOT s.is_deleted ORDER BY s.station_code`.execute(server.db);
console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
const token = (await server.app.inject({ method: 'POST', url: '/api/security/sys/user/login', payload: { account: 'admin', password: 'Bench#2026pw' } })).json().data.token;
await time('inject', () => server.app.inject({ method: 'POST', url: '/api/web/station/search', headers: { token }, payload: { mode: 'map' } }));
const res = await server.app.inject({ method: 'POST', url: '/api/web/station/search', headers: { token, 'accept-encoding': 'gzip' }, payload: { mode: 'map' } });
console.log('bytes', res.rawPayload.length, res.headers['content-encoding']);
await time('inject gzip', () => server.app.inject({ method: 'POST', url: '/api/web/station/search', headers: { token, 'accept-encoding': 'gzip' }, payload: { mode: 'map' } }));
const svc = (server.services as any).stations;
await time('service', () => svc.mapSites({ id: 1, roleId: null, isAdmin: true, dataScope: 'all' }, {}));
const data = await svc.mapSites({ id: 1, roleId: null, isAdmin: true, dataScope: 'all' }, {});
const { ZStationSearchReply } = await import('@masthub/shared');
const { envelopeOf } = await import('../apps/server/src/platform/http/route.ts');
const env = envelopeOf(ZStationSearchReply);
await time('zod envelope', async () => env.safeParse({ code: 200, msg: 'ok', data }));
await time('stringify', async () => JSON.stringify({ code: 200, msg: 'ok', data }));
await time('json_agg', () => sql`SELECT coalesce(json_agg(json_build_object('id', s.id, 'stationCode', s.station_code, 'projectName', s.project_name, 'longitude', s.longitude, 'latitude', s.latitude, 'status', s.status, 'stationType', s.station_type, 'ownerPartyId', s.owner_party_id, 'ownerPartyName', op.name) ORDER BY s.station_code), '[]')::text AS j FROM station s LEFT JOIN owner op ON op.id = s.owner_party_id WHERE NOT s.is_deleted`.execute(server.db).then((r: any) => JSON.parse(r.rows[0].j)));
await time('inject again', () => server.app.inject({ method: 'POST', url: '/api/web/station/search', headers: { token }, payload: { mode: 'map' } }));
await server.close();
process.exit(0);
