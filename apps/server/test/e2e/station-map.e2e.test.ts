import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

// The home map's one call (POST /web/station/search, mode map) and the overview counts by owner party
// and project (POST /web/station/quantity_stat, groupBy): only visible sites, with each site filter.

const SEARCH = '/api/web/station/search';
const STAT = '/api/web/station/quantity_stat';

let server: TTestServer;
let admin: string;
let viewer: string;
let ownerA: number;
let ownerB: number;
let tagId: number;
/** Sites granted to the viewer's role, and one hidden from them. */
const site: Record<'a1' | 'a2' | 'b1' | 'none' | 'hidden', number> = {
  a1: 0,
  a2: 0,
  b1: 0,
  none: 0,
  hidden: 0,
};

async function mapIds(token: string, filter: Record<string, unknown> = {}): Promise<number[]> {
  const r = await server.call('POST', SEARCH, { token, body: { mode: 'map', ...filter } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data as { id: number }[]).map((s) => s.id).sort((a, b) => a - b);
}

function sorted(...ids: number[]): number[] {
  return [...ids].sort((a, b) => a - b);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
  const owners = await server.db
    .insertInto('owner')
    .values([{ name: '业主甲' }, { name: '业主乙' }])
    .returning('id')
    .execute();
  ownerA = owners[0]!.id;
  ownerB = owners[1]!.id;
  tagId = (
    await server.db
      .insertInto('tag')
      .values({ name: '重点', color: '#ff0000', is_enabled: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const key of Object.keys(site) as (keyof typeof site)[]) {
    site[key] = (await buildStation(server.db, { projectName: `项目${key}` })).id;
  }
  const set = (id: number, values: Record<string, unknown>) =>
    server.db.updateTable('station').set(values).where('id', '=', id).execute();
  await set(site.a1, {
    owner_party_id: ownerA,
    project_name: '张北风电场',
    status: 1,
    station_type: 'lidar',
    region_code: '130700',
    province: '河北省',
  });
  await set(site.a2, {
    owner_party_id: ownerA,
    project_name: '张北风电场',
    status: 0,
    station_type: 'met_mast',
    region_code: '130700',
    province: '河北省',
  });
  await set(site.b1, {
    owner_party_id: ownerB,
    project_name: '乌兰察布风电场',
    status: 0,
    station_type: 'met_mast',
    region_code: '150900',
    province: '内蒙古自治区',
  });
  await set(site.none, { project_name: '无业主项目', status: 3, station_type: 'sodar' });
  await set(site.hidden, { owner_party_id: ownerA, project_name: '张北风电场', status: 1 });
  await server.db.insertInto('station_tag').values({ station_id: site.b1, tag_id: tagId }).execute();
  const user = await buildUser(server.db, { dataScope: 'list' });
  await grantRoleStations(server.db, user.roleId, [site.a1, site.a2, site.b1, site.none]);
  viewer = await server.login(user.account, user.password);
});
afterAll(async () => {
  await server.stop();
});

describe('POST /web/station/search in map mode', () => {
  it('returns every visible site as a compact point, never a hidden one', async () => {
    const r = await server.call('POST', SEARCH, { token: viewer, body: { mode: 'map' } });
    expect(r.status).toBe(200);
    const items = r.body.data as Record<string, unknown>[];
    expect(items.map((i) => i['id']).sort()).toEqual(sorted(site.a1, site.a2, site.b1, site.none));
    const a1 = items.find((i) => i['id'] === site.a1);
    expect(a1).toEqual({
      id: site.a1,
      stationCode: expect.stringMatching(/^\d{6}$/),
      projectName: '张北风电场',
      longitude: expect.any(Number),
      latitude: 40,
      status: 1,
      stationType: 'lidar',
      ownerPartyId: ownerA,
      ownerPartyName: '业主甲',
    });
    expect(items.find((i) => i['id'] === site.none)).toMatchObject({
      ownerPartyId: null,
      ownerPartyName: null,
    });
    // The administrator sees the hidden one too.
    expect(await mapIds(admin)).toContain(site.hidden);
  });

  it('narrows by each filter of the site query form', async () => {
    expect(await mapIds(viewer, { status: [1] })).toEqual([site.a1]);
    expect(await mapIds(viewer, { stationType: ['met_mast'] })).toEqual(sorted(site.a2, site.b1));
    expect(await mapIds(viewer, { ownerPartyId: [ownerA] })).toEqual(sorted(site.a1, site.a2));
    expect(await mapIds(viewer, { projectName: '乌兰' })).toEqual([site.b1]);
    expect(await mapIds(viewer, { tagIds: [tagId] })).toEqual([site.b1]);
    expect(await mapIds(viewer, { regionCodes: ['130000'] })).toEqual(sorted(site.a1, site.a2));
    expect(await mapIds(viewer, { regionCodes: ['150900'] })).toEqual([site.b1]);
    expect(await mapIds(viewer, { keywords: '无业主' })).toEqual([site.none]);
    expect(await mapIds(viewer, { ownerPartyId: [ownerA], status: [0] })).toEqual([site.a2]);
    // The hidden site matches these filters but never comes back.
    expect(await mapIds(viewer, { ownerPartyId: [ownerA], status: [1] })).toEqual([site.a1]);
  });

  it('has no 200 limit and ignores the picker fields', async () => {
    const many = await server.db
      .insertInto('station')
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          station_code: String(700000 + i),
          project_name: '批量项目',
          longitude: 100 + i / 100,
          latitude: 30,
        })),
      )
      .returning('id')
      .execute();
    try {
      const ids = await mapIds(admin, { projectName: '批量项目', limit: 5, ids: [site.a1] });
      expect(ids).toHaveLength(250);
    } finally {
      await server.db
        .deleteFrom('station')
        .where(
          'id',
          'in',
          many.map((m) => m.id),
        )
        .execute();
    }
  });

  it('keeps the drop-down (list mode) behaviour: limit, keywords, items with location and colour', async () => {
    const r = await server.call('POST', SEARCH, { token: viewer, body: { keywords: '张北', limit: 1 } });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(Object.keys(r.body.data[0]).sort()).toEqual(
      [
        'id',
        'latitude',
        'location',
        'longitude',
        'projectName',
        'stationCode',
        'status',
        'statusColor',
      ].sort(),
    );
    const refused = await server.call('POST', SEARCH, { token: viewer, body: { mode: 'nope' } });
    expect(refused.status).toBe(400);
  });
});

describe('POST /web/station/quantity_stat with groupBy', () => {
  it('groups the visible sites by owner party with counts by status', async () => {
    const r = await server.call('POST', STAT, { token: viewer, body: { groupBy: 'owner' } });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(4);
    expect(r.body.data.groups).toEqual([
      {
        value: String(ownerA),
        name: '业主甲',
        total: 2,
        byStatus: [
          { value: 0, count: 1 },
          { value: 1, count: 1 },
        ],
      },
      { value: '', name: '', total: 1, byStatus: [{ value: 3, count: 1 }] },
      { value: String(ownerB), name: '业主乙', total: 1, byStatus: [{ value: 0, count: 1 }] },
    ]);
  });

  it('groups by project name, with the filters', async () => {
    const r = await server.call('POST', STAT, { token: viewer, body: { groupBy: 'project', status: [0] } });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(2);
    expect(r.body.data.groups).toEqual([
      { value: '乌兰察布风电场', name: '乌兰察布风电场', total: 1, byStatus: [{ value: 0, count: 1 }] },
      { value: '张北风电场', name: '张北风电场', total: 1, byStatus: [{ value: 0, count: 1 }] },
    ]);
    const all = await server.call('POST', STAT, { token: admin, body: { groupBy: 'project' } });
    expect(all.body.data.groups[0]).toMatchObject({ value: '张北风电场', total: 3 });
  });

  it('leaves groups out without groupBy', async () => {
    const r = await server.call('POST', STAT, { token: viewer, body: {} });
    expect(r.body.data.groups).toBeUndefined();
  });
});
