import { AppError } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';
import { assignStations, buildStation, buildUser, grantRoleStations } from '../../../test/test-server.ts';
import { createDatabase, type Database } from '../../platform/db/database.ts';
import { StationAccessRepository } from './station-access.repository.ts';
import { StationAccess, type TAccessSubject } from './station-access.ts';

let db: Database;
let drop: () => Promise<void>;
let access: StationAccess;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, 4).db;
  access = new StationAccess(new StationAccessRepository(db));
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

async function subjectOf(user: { id: number; roleId: number }, dataScope: 'all' | 'list' = 'list') {
  return { id: user.id, roleId: user.roleId, isAdmin: false, dataScope } satisfies TAccessSubject;
}

async function listVisible(subject: TAccessSubject, among: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('station as s')
    .select('s.id')
    .where('s.id', 'in', among)
    .where(access.filter(subject, 's'))
    .orderBy('s.id')
    .execute();
  return rows.map((r) => r.id);
}

describe('StationAccess', () => {
  it('tells the three kinds of access apart, alone and together', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    const byRole = await buildStation(db, { ownerId: other.id });
    const assigned = await buildStation(db, { ownerId: other.id });
    const owned = await buildStation(db, { ownerId: user.id });
    const everyWay = await buildStation(db, { ownerId: user.id });
    const none = await buildStation(db, { ownerId: other.id });
    await grantRoleStations(db, user.roleId, [byRole.id, everyWay.id]);
    await assignStations(db, user.id, [assigned.id, everyWay.id]);
    const subject = await subjectOf(user);

    const all = [byRole, assigned, owned, everyWay, none].map((s) => s.id);
    const kinds = Object.fromEntries(
      (await access.listAccess(subject, all)).map((a) => [a.stationId, a.kinds]),
    );
    expect(kinds).toEqual({
      [byRole.id]: ['role'],
      [assigned.id]: ['assigned'],
      [owned.id]: ['owner'],
      [everyWay.id]: ['role', 'assigned', 'owner'],
      [none.id]: [],
    });
    expect(await listVisible(subject, all)).toEqual([byRole.id, assigned.id, owned.id, everyWay.id]);
    expect(await access.canView(subject, none.id)).toBe(false);
    expect(await access.canEdit(subject, owned.id)).toBe(true);
  });

  it('gives a role with data scope “all” every site, including sites created later', async () => {
    const user = await buildUser(db, { dataScope: 'all' });
    const subject = await subjectOf(user, 'all');
    const before = await access.countAccessible(subject);
    const later = await buildStation(db);
    expect(await access.countAccessible(subject)).toBe(before + 1);
    expect(await access.kindsOf(subject, later.id)).toEqual(['role']);
    expect(await listVisible(subject, [later.id])).toEqual([later.id]);
  });

  it('gives an administrator every site whatever the role’s scope says', async () => {
    const user = await buildUser(db);
    const station = await buildStation(db);
    const subject = { id: user.id, roleId: user.roleId, isAdmin: true, dataScope: 'list' as const };
    expect(await access.kindsOf(subject, station.id)).toEqual(['role']);
  });

  it('still reaches assigned and owned sites for a user without a role', async () => {
    const user = await buildUser(db);
    await db.updateTable('app_user').set({ role_id: null }).where('id', '=', user.id).execute();
    const owned = await buildStation(db, { ownerId: user.id });
    const assigned = await buildStation(db);
    const other = await buildStation(db);
    await assignStations(db, user.id, [assigned.id]);
    const subject = { id: user.id, roleId: null, isAdmin: false, dataScope: 'list' as const };
    expect(await listVisible(subject, [owned.id, assigned.id, other.id])).toEqual([owned.id, assigned.id]);
  });

  it('does not reach another role’s list', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    const station = await buildStation(db);
    await grantRoleStations(db, other.roleId, [station.id]);
    expect(await access.canView(await subjectOf(user), station.id)).toBe(false);
  });

  it('is false, not unknown, for an unowned site out of reach, so NOT(filter) lists it', async () => {
    const user = await buildUser(db);
    const unowned = await buildStation(db, { ownerId: null });
    const rows = await db
      .selectFrom('station as s')
      .select('s.id')
      .where('s.id', '=', unowned.id)
      .where(({ not }) =>
        not(access.filter({ id: user.id, roleId: user.roleId, isAdmin: false, dataScope: 'list' }, 's')),
      )
      .execute();
    expect(rows).toEqual([{ id: unowned.id }]);
  });

  it('assertCanView: 404 for unknown or deleted sites, 403 for sites out of reach', async () => {
    const user = await buildUser(db);
    const subject = await subjectOf(user);
    const mine = await buildStation(db, { ownerId: user.id });
    const theirs = await buildStation(db);
    const deleted = await buildStation(db, { ownerId: user.id });
    await db.updateTable('station').set({ is_deleted: true }).where('id', '=', deleted.id).execute();

    await expect(access.assertCanView(subject, [mine.id])).resolves.toHaveLength(1);
    await expect(access.assertCanView(subject, [mine.id, 999_999])).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(access.assertCanView(subject, deleted.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const refusal = access.assertCanEdit(subject, [mine.id, theirs.id]);
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(access.assertCanView(subject, [])).resolves.toEqual([]);
  });

  it('viewersAmong: of many users, names in one query those who see a site, by each way and no other', async () => {
    const owner = await buildUser(db);
    const byRole = await buildUser(db);
    const assigned = await buildUser(db);
    const everything = await buildUser(db, { dataScope: 'all' });
    const outsider = await buildUser(db);
    const site = await buildStation(db, { ownerId: owner.id });
    await grantRoleStations(db, byRole.roleId, [site.id]);
    await assignStations(db, assigned.id, [site.id]);
    const subjects = [
      await subjectOf(owner),
      await subjectOf(byRole),
      await subjectOf(assigned),
      await subjectOf(everything, 'all'),
      { ...(await subjectOf(outsider)), isAdmin: true },
      await subjectOf(outsider),
    ];
    const viewers = await access.viewersAmong(subjects, site.id);
    expect([...viewers].sort((a, b) => a - b)).toEqual(
      [owner.id, byRole.id, assigned.id, everything.id, outsider.id].sort((a, b) => a - b),
    );
    // The plain outsider is the one left out (the administrator subject above shares its id).
    expect(await access.viewersAmong([await subjectOf(outsider)], site.id)).toEqual([]);
    // A call narrowed to other sites sees nothing of this one, whatever the role says.
    expect(
      await access.viewersAmong([{ ...(await subjectOf(everything, 'all')), stationIds: [-1] }], site.id),
    ).toEqual([]);
    await db.updateTable('station').set({ is_deleted: true }).where('id', '=', site.id).execute();
    expect(await access.viewersAmong(subjects, site.id)).toEqual([]);
  });
});
