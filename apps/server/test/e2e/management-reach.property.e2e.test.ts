import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignStations,
  buildStation,
  buildUser,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

/**
 * The management rule as an invariant (issue 26 §1), not a table: random roles, users, assignments and
 * ownerships; a random non-administrator with user and role administration tries random management calls
 * over HTTP; after each call, no user's reach grew beyond the caller's and nothing outside the caller's
 * reach changed. Reaches are computed here from the raw tables, independently of the server's code.
 * In about half the runs the caller calls with a write token limited to some of its sites (issue 39 §5):
 * its reach is then its own narrowed to those sites — the same features, those sites only, never all.
 */

const MANAGER = ['system.user', 'system.role'] as const;
const EXTRA = ['data.process', 'alarm.view', 'report.add'] as const;
const SITES = 5;
const PASSWORD = 'Secret#123a';

let server: TTestServer;
let adminRoleId: number;
let companyId: number;

beforeAll(async () => {
  server = await startTestServer();
  adminRoleId = (
    await server.db.selectFrom('role').select('id').where('is_admin', '=', true).executeTakeFirstOrThrow()
  ).id;
  companyId = (await server.db.selectFrom('company').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server.stop();
});

interface TReach {
  admin: boolean;
  features: Set<string>;
  all: boolean;
  sites: Set<number>;
}

/** Everything about one user or role the calls could change, as comparable text. */
interface TSnapshot {
  users: Map<number, { reach: TReach; state: string }>;
  roles: Map<number, { reach: TReach; state: string }>;
}

/** Reaches from the tables: role features × (role list ∪ assigned ∪ owned), live sites only. */
async function snapshot(): Promise<TSnapshot> {
  const db = server.db;
  const [roles, features, roleSites, users, assigned, stations] = await Promise.all([
    db.selectFrom('role').select(['id', 'name', 'description', 'is_admin', 'data_scope']).execute(),
    db.selectFrom('role_feature').select(['role_id', 'feature']).execute(),
    db.selectFrom('role_station').select(['role_id', 'station_id']).execute(),
    db
      .selectFrom('app_user')
      .select(['id', 'role_id', 'is_deleted', 'password_hash', 'account', 'email', 'user_name'])
      .execute(),
    db.selectFrom('user_station').select(['user_id', 'station_id']).execute(),
    db.selectFrom('station').select(['id', 'owner_id', 'is_deleted']).execute(),
  ]);
  const live = new Set(stations.filter((s) => !s.is_deleted).map((s) => s.id));
  const roleReach = new Map<number, TReach>();
  const roleState = new Map<number, string>();
  for (const r of roles) {
    const f = features.filter((x) => x.role_id === r.id).map((x) => x.feature);
    const sites = roleSites
      .filter((x) => x.role_id === r.id && live.has(x.station_id))
      .map((x) => x.station_id);
    roleReach.set(r.id, {
      admin: r.is_admin,
      features: new Set(f),
      all: r.is_admin || r.data_scope === 'all',
      sites: new Set(sites),
    });
    roleState.set(r.id, JSON.stringify([r.name, r.description, r.data_scope, f.sort(), sites.sort()]));
  }
  const none: TReach = { admin: false, features: new Set(), all: false, sites: new Set() };
  const userMap = new Map<number, { reach: TReach; state: string }>();
  for (const u of users) {
    const direct = [
      ...assigned.filter((a) => a.user_id === u.id).map((a) => a.station_id),
      ...stations.filter((s) => s.owner_id === u.id).map((s) => s.id),
    ].filter((id) => live.has(id));
    const role = (u.role_id !== null && roleReach.get(u.role_id)) || none;
    const reach = u.is_deleted
      ? none
      : { ...role, features: new Set(role.features), sites: new Set([...role.sites, ...direct]) };
    const owned = stations.filter((s) => s.owner_id === u.id).map((s) => s.id);
    const mine = assigned.filter((a) => a.user_id === u.id).map((a) => a.station_id);
    userMap.set(u.id, {
      reach,
      state: JSON.stringify([
        u.role_id,
        u.is_deleted,
        u.password_hash,
        u.account,
        u.email,
        u.user_name,
        owned.sort(),
        mine.sort(),
      ]),
    });
  }
  return {
    users: userMap,
    roles: new Map(roles.map((r) => [r.id, { reach: roleReach.get(r.id)!, state: roleState.get(r.id)! }])),
  };
}

function within(inner: TReach, outer: TReach): boolean {
  if (outer.admin) return true;
  if (inner.admin) return false;
  if ([...inner.features].some((f) => !outer.features.has(f))) return false;
  if (outer.all) return true;
  if (inner.all) return false;
  return [...inner.sites].every((s) => outer.sites.has(s));
}

const EMPTY: TReach = { admin: false, features: new Set(), all: false, sites: new Set() };

/** A reach narrowed to a token's sites: the same features on those of its sites only, never every site. */
function narrowed(reach: TReach, sites: ReadonlySet<number>): TReach {
  return {
    admin: false,
    features: reach.features,
    all: false,
    sites: new Set(reach.all ? sites : [...reach.sites].filter((s) => sites.has(s))),
  };
}

/**
 * The invariant after one call by `callerId` (with a token limited to `tokenSites`, if any), measured
 * against the caller's reach before the call.
 */
function checkInvariant(
  before: TSnapshot,
  after: TSnapshot,
  callerId: number,
  tokenSites: ReadonlySet<number> | undefined,
  label: string,
): void {
  const own = before.users.get(callerId)!.reach;
  const caller = tokenSites ? narrowed(own, tokenSites) : own;
  for (const [id, now] of after.users) {
    const was = before.users.get(id);
    if (was && was.state === now.state) continue;
    // Something about this user changed (or they were created): before and after within the caller.
    expect(within(was?.reach ?? EMPTY, caller), `${label}: user ${id} changed though beyond the caller`).toBe(
      true,
    );
    expect(within(now.reach, caller), `${label}: user ${id} now reaches beyond the caller`).toBe(true);
  }
  for (const [id, was] of before.roles) {
    const now = after.roles.get(id);
    if (now && now.state === was.state) continue;
    expect(within(was.reach, caller), `${label}: role ${id} changed though beyond the caller`).toBe(true);
    if (now) expect(within(now.reach, caller), `${label}: role ${id} now beyond the caller`).toBe(true);
  }
}

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;
const zSites = fc.subarray([0, 1, 2, 3, 4], { minLength: 0, maxLength: SITES });
const zFeatures = fc.subarray([...MANAGER, ...EXTRA]);
const zCommand = fc.oneof(
  fc.record({ t: fc.constant('reset' as const), u: fc.nat() }),
  fc.record({ t: fc.constant('delete' as const), u: fc.nat() }),
  fc.record({ t: fc.constant('editRole' as const), u: fc.nat(), r: fc.nat() }),
  fc.record({ t: fc.constant('create' as const), r: fc.nat() }),
  fc.record({ t: fc.constant('assign' as const), u: fc.nat(), sites: zSites, add: fc.boolean() }),
  fc.record({
    t: fc.constant('transfer' as const),
    from: fc.nat(),
    to: fc.nat(),
    sites: fc.option(zSites, { nil: undefined }),
  }),
  fc.record({
    t: fc.constant('rights' as const),
    r: fc.nat(),
    features: zFeatures,
    all: fc.boolean(),
    sites: zSites,
  }),
  fc.record({ t: fc.constant('rename' as const), r: fc.nat() }),
  fc.record({ t: fc.constant('roleDelete' as const), r: fc.nat() }),
);
const zWorld = fc.record({
  roles: fc.array(
    fc.record({ features: zFeatures, all: fc.boolean(), sites: zSites, admin: fc.nat({ max: 9 }) }),
    { minLength: 2, maxLength: 4 },
  ),
  callerExtra: fc.subarray([...EXTRA]),
  callerSites: zSites,
  callerAll: fc.nat({ max: 4 }),
  /** The caller's token's sites (those it sees among them); none: the caller calls with its session. */
  tokenSites: fc.option(fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }), { freq: 2, nil: undefined }),
  users: fc.array(fc.record({ r: fc.nat(), sites: zSites }), { minLength: 2, maxLength: 4 }),
  owners: fc.array(fc.nat({ max: 6 }), { minLength: SITES, maxLength: SITES }),
  commands: fc.array(zCommand, { minLength: 1, maxLength: 5 }),
});

describe('managing users and roles, as a property', () => {
  it('never lets a call widen anyone beyond the caller or change what lies beyond the caller', async () => {
    const outcomes = { allowed: 0, refused: 0, tokens: 0 };
    let run = 0;
    // Worlds are drawn at random (a new seed each run); a draw that allowed too few calls to show both sides of
    // the rule draws 50 more rather than failing or passing vacuously (seen: 5 allowed in 50 worlds, once).
    for (let round = 0; round < 4 && (round === 0 || outcomes.allowed < 8); round++) {
      await fc.assert(
        fc.asyncProperty(zWorld, async (world) => {
          run += 1;
          const db = server.db;
          const sites: number[] = [];
          for (let i = 0; i < SITES; i++) sites.push((await buildStation(db)).id);
          const roleIds: number[] = [];
          for (const r of world.roles) {
            // About one role in ten is the administrator role itself.
            if (r.admin === 0) {
              roleIds.push(adminRoleId);
              continue;
            }
            const { roleId } = await buildUser(db, {
              features: [...r.features],
              dataScope: r.all ? 'all' : 'list',
            });
            const list = r.sites.map((i) => sites[i]!);
            if (list.length)
              await db
                .insertInto('role_station')
                .values(list.map((station_id) => ({ role_id: roleId, station_id })))
                .execute();
            roleIds.push(roleId);
          }
          const caller = await buildUser(db, {
            features: [...MANAGER, ...world.callerExtra],
            dataScope: world.callerAll === 0 ? 'all' : 'list',
          });
          const callerSites = world.callerSites.map((i) => sites[i]!);
          if (callerSites.length) {
            await db
              .insertInto('role_station')
              .values(callerSites.map((station_id) => ({ role_id: caller.roleId, station_id })))
              .execute();
          }
          roleIds.push(caller.roleId);
          const userIds = [caller.id];
          for (const u of world.users) {
            const user = await buildUser(db, { roleId: pick(roleIds, u.r), password: PASSWORD });
            if (u.sites.length)
              await assignStations(
                db,
                user.id,
                u.sites.map((i) => sites[i]!),
              );
            userIds.push(user.id);
          }
          for (let i = 0; i < SITES; i++) {
            const owner = world.owners[i]! < userIds.length ? userIds[world.owners[i]!]! : null;
            await db.updateTable('station').set({ owner_id: owner }).where('id', '=', sites[i]!).execute();
          }
          const session = await server.login(
            (
              await db
                .selectFrom('app_user')
                .select('account')
                .where('id', '=', caller.id)
                .executeTakeFirstOrThrow()
            ).account,
            PASSWORD,
          );
          // The token may name only sites its user sees: the role's list (or every site) and the owned ones.
          const seen = (i: number) =>
            world.callerAll === 0 || world.callerSites.includes(i) || world.owners[i] === 0;
          const tokenSites = (world.tokenSites ?? []).filter(seen).map((i) => sites[i]!);
          let auth: { token: string } | { headers: Record<string, string> } = { token: session };
          if (tokenSites.length > 0) {
            const made = await server.call('POST', '/api/security/sys/user/access_token/create', {
              token: session,
              body: { name: `run ${run}`, expiresInDays: 1, scopes: ['write'], stationIds: tokenSites },
            });
            expect(made.status, made.body.msg).toBe(200);
            auth = { headers: { authorization: `Bearer ${made.body.data.secret}` } };
            outcomes.tokens += 1;
          }
          const narrowTo = tokenSites.length > 0 ? new Set(tokenSites) : undefined;

          for (const [n, command] of world.commands.entries()) {
            const label = `run ${run} call ${n} ${narrowTo ? `token [${tokenSites}] ` : ''}${JSON.stringify(command)}`;
            const before = await snapshot();
            const r = await callFor(command, auth, userIds, roleIds, sites, run, n);
            if (r.status === 200) outcomes.allowed += 1;
            else {
              outcomes.refused += 1;
              expect([400, 403, 404, 409, 422], `${label}: ${r.body.msg}`).toContain(r.status);
            }
            checkInvariant(before, await snapshot(), caller.id, narrowTo, label);
          }
        }),
        // 50 worlds: with a token's narrowing and the refused self resets (issue 39) fewer calls are allowed.
        { numRuns: 50 },
      );
    }
    // Both sides of the rule were exercised, so the property did not hold vacuously.
    expect(outcomes.allowed).toBeGreaterThanOrEqual(8);
    expect(outcomes.refused).toBeGreaterThan(10);
    expect(outcomes.tokens).toBeGreaterThan(5);
  }, 300_000);
});

type TCommand = typeof zCommand extends fc.Arbitrary<infer C> ? C : never;

async function callFor(
  command: TCommand,
  auth: { token: string } | { headers: Record<string, string> },
  userIds: number[],
  roleIds: number[],
  sites: number[],
  run: number,
  n: number,
) {
  const site = (list: number[]) => list.map((i) => sites[i]!);
  // A new password or a deletion of the caller would end its session; everyone else is fair game.
  const others = userIds.slice(1);
  switch (command.t) {
    case 'reset':
      return server.call('POST', '/api/security/sys/user/reset_password', {
        ...auth,
        body: { id: pick(others, command.u) },
      });
    case 'delete':
      return server.call('GET', `/api/security/sys/user/delete?id=${pick(others, command.u)}`, auth);
    case 'editRole': {
      const id = pick(userIds, command.u);
      const u = await server.db
        .selectFrom('app_user')
        .select(['account', 'user_name', 'phone', 'email'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return server.call('POST', '/api/security/sys/user/save_or_update', {
        ...auth,
        body: {
          id,
          account: u.account,
          userName: u.user_name,
          companyId,
          groupId: null,
          phone: u.phone,
          email: u.email,
          roleId: pick(roleIds, command.r),
        },
      });
    }
    case 'create':
      return server.call('POST', '/api/security/sys/user/save_or_update', {
        ...auth,
        body: {
          account: `prop_${run}_${n}_${Date.now() % 100000}`,
          userName: 'Property',
          companyId,
          groupId: null,
          phone: '',
          email: '',
          password: 'Wind#Mast2026',
          roleId: pick(roleIds, command.r),
        },
      });
    case 'assign':
      return server.call('POST', '/api/security/sys/permission/user_authorize_station', {
        ...auth,
        body: {
          userId: pick(userIds, command.u),
          stationIds: site(command.sites.length ? command.sites : [0]),
          type: command.add ? 'add' : 'remove',
        },
      });
    case 'transfer': {
      const from = pick(userIds, command.from);
      let to = pick(userIds, command.to);
      if (to === from) to = pick(userIds, command.to + 1);
      const list = command.sites?.length ? `&stationIds=${site(command.sites).join(',')}` : '';
      return server.call(
        'GET',
        `/api/security/sys/user/transfer_authority?fromUserId=${from}&toUserId=${to}${list}`,
        auth,
      );
    }
    case 'rights':
      return server.call('POST', '/api/security/sys/role/rights', {
        ...auth,
        body: {
          roleId: pick(roleIds, command.r),
          features: command.features,
          dataScope: command.all ? 'all' : 'list',
          stationIds: site(command.sites),
        },
      });
    case 'rename':
      return server.call('POST', '/api/security/sys/role/save_or_update', {
        ...auth,
        body: { id: pick(roleIds, command.r), name: `renamed ${run}.${n}`, description: 'x' },
      });
    case 'roleDelete':
      return server.call('GET', `/api/security/sys/role/delete?id=${pick(roleIds, command.r)}`, auth);
  }
}
