import { type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';

export interface TAccessTokenRow {
  id: number;
  user_id: number;
  name: string;
  prefix: string;
  scopes: string[];
  station_ids: (number | string)[] | null;
  expires_at: Date;
  created_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
}

export interface TAccessTokenAdminRow extends TAccessTokenRow {
  account: string;
  user_name: string;
}

/** Whose tokens an administrator's list shows: everyone's (`all`) or one company's (null: users without one). */
export type TTokenOwners = { all: true } | { all: false; companyId: number | null };

const COLUMNS = [
  't.id',
  't.user_id',
  't.name',
  't.prefix',
  't.scopes',
  't.station_ids',
  't.expires_at',
  't.created_at',
  't.last_used_at',
  't.last_used_ip',
  't.revoked_at',
] as const;

/** Stored personal access tokens (migration 0031): only the SHA-256 of each secret. */
export class AccessTokenRepository {
  constructor(private readonly db: Database) {}

  async create(input: {
    userId: number;
    name: string;
    tokenHash: Buffer;
    prefix: string;
    scopes: readonly string[];
    stationIds: readonly number[] | null;
    expiresAt: Date;
  }): Promise<number> {
    const row = await this.db
      .insertInto('access_token')
      .values({
        user_id: input.userId,
        name: input.name,
        token_hash: input.tokenHash,
        prefix: input.prefix,
        scopes: [...input.scopes],
        station_ids: input.stationIds === null ? null : [...input.stationIds],
        expires_at: input.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The token with this secret hash, revoked and expired ones too (they are refused with their reason). */
  findByHash(tokenHash: Buffer): Promise<TAccessTokenRow | undefined> {
    return this.db
      .selectFrom('access_token as t')
      .select(COLUMNS)
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  findById(id: number): Promise<TAccessTokenRow | undefined> {
    return this.db.selectFrom('access_token as t').select(COLUMNS).where('t.id', '=', id).executeTakeFirst();
  }

  listOfUser(userId: number): Promise<TAccessTokenRow[]> {
    return this.db
      .selectFrom('access_token as t')
      .select(COLUMNS)
      .where('t.user_id', '=', userId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute();
  }

  countLive(userId: number): Promise<number> {
    return this.db
      .selectFrom('access_token')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /** Revokes a live token; false when it was revoked already. */
  async revoke(id: number, byUserId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('access_token')
      .set({ revoked_at: sql`now()`, revoked_by: byUserId })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Notes a use: time and address, at most once a minute per token unless the address changes. True when
   * this call wrote it (the caller then writes the login log), false when a recent use already had.
   */
  async touch(id: number, ip: string): Promise<boolean> {
    const result = await this.db
      .updateTable('access_token')
      .set({ last_used_at: sql`now()`, last_used_ip: ip })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('last_used_at', 'is', null),
          eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
          eb('last_used_ip', 'is distinct from', ip),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A page of the tokens of `owners`' live users, newest first, with their account and name. */
  async page(
    owners: TTokenOwners,
    filter: {
      pageNo: number;
      pageSize: number;
      userId?: number | undefined;
      account?: string | undefined;
      status?: 'active' | 'expired' | 'revoked' | undefined;
    },
  ): Promise<{ rows: TAccessTokenAdminRow[]; total: number }> {
    let query = this.db
      .selectFrom('access_token as t')
      .innerJoin('app_user as u', 'u.id', 't.user_id')
      .where('u.is_deleted', '=', false);
    if (!owners.all) {
      query = query.where(sql<SqlBool>`u.company_id IS NOT DISTINCT FROM ${owners.companyId}`);
    }
    if (filter.userId !== undefined) query = query.where('t.user_id', '=', filter.userId);
    if (filter.account) query = query.where('u.account', 'ilike', likeContains(filter.account));
    if (filter.status) query = query.where(statusIs(filter.status));
    return readPage(
      query,
      query
        .select([...COLUMNS, 'u.account', 'u.user_name'])
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc'),
      filter,
    );
  }

  /** The company of a token's live user, for the administrators' rule; undefined for an unknown token. */
  ownerOf(id: number): Promise<{ user_id: number; company_id: number | null } | undefined> {
    return this.db
      .selectFrom('access_token as t')
      .innerJoin('app_user as u', 'u.id', 't.user_id')
      .select(['t.user_id', 'u.company_id'])
      .where('t.id', '=', id)
      .where('u.is_deleted', '=', false)
      .executeTakeFirst();
  }

  /** Who a token's user is, for the login log of a refused call. */
  userOf(userId: number) {
    return this.db
      .selectFrom('app_user as u')
      .leftJoin('role as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.account', 'u.user_name', 'r.name as role_name', 'r.is_admin'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** Code and project name of the live sites among `ids`. */
  async stationNames(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('station')
      .select(['id', 'station_code', 'project_name'])
      .where('id', 'in', [...ids])
      .where('is_deleted', '=', false)
      .execute();
  }
}

function statusIs(status: 'active' | 'expired' | 'revoked'): Expression<SqlBool> {
  if (status === 'revoked') return sql<SqlBool>`t.revoked_at IS NOT NULL`;
  if (status === 'expired') return sql<SqlBool>`t.revoked_at IS NULL AND t.expires_at <= now()`;
  return sql<SqlBool>`t.revoked_at IS NULL AND t.expires_at > now()`;
}
