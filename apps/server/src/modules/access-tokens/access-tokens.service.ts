import {
  ACCESS_TOKEN_MAX_PER_USER,
  ACCESS_TOKEN_PREFIX,
  AppError,
  type TAccessTokenAdminPageRequest,
  type TAccessTokenAdminRecord,
  type TAccessTokenCreated,
  type TAccessTokenCreateRequest,
  type TAccessTokenRecord,
  type TAccessTokenScope,
  type TPage,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { ManagementGuard, StationAccess } from '../access/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { AccessTokenRepository, TAccessTokenRow } from './access-tokens.repository.ts';

const DAY_MS = 86_400_000;

/** A token's site subset as numbers; null: all the user's sites. */
export function stationIdsOf(row: Pick<TAccessTokenRow, 'station_ids'>): number[] | null {
  return row.station_ids === null ? null : row.station_ids.map(Number);
}

function statusOf(row: TAccessTokenRow, now: number): TAccessTokenRecord['status'] {
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now ? 'expired' : 'active';
}

/**
 * Personal access tokens (issue 32): a user makes, lists and revokes their own in the personal centre;
 * administrators list and revoke those of their company's users under the one rule for managing users.
 * The secret is returned once at creation; only its SHA-256 is kept.
 */
export class AccessTokenService {
  constructor(
    private readonly tokens: AccessTokenRepository,
    private readonly access: StationAccess,
    private readonly guard: ManagementGuard,
    private readonly changes?: Pick<MessageService, 'announceChange'>,
  ) {}

  /** The lists showing a user's tokens ask again: theirs, and their company's in administration. */
  private async changed(owner: { id: number; companyId: number | null }): Promise<void> {
    await this.changes?.announceChange({
      topic: 'access-tokens',
      ownerId: owner.id,
      companyId: owner.companyId,
    });
  }

  async create(caller: TAuthUser, request: TAccessTokenCreateRequest): Promise<TAccessTokenCreated> {
    // Each site must be one the user sees now (404 unknown, 403 not theirs).
    if (request.stationIds.length > 0) await this.access.assertCanView(caller, request.stationIds);
    if ((await this.tokens.countLive(caller.id)) >= ACCESS_TOKEN_MAX_PER_USER) {
      throw new AppError('ACCESS_TOKEN_TOO_MANY', { maximum: ACCESS_TOKEN_MAX_PER_USER });
    }
    const secret = ACCESS_TOKEN_PREFIX + generateToken();
    const id = await this.tokens.create({
      userId: caller.id,
      name: request.name,
      tokenHash: hashToken(secret),
      prefix: secret.slice(0, ACCESS_TOKEN_PREFIX.length + 6),
      scopes: request.scopes,
      stationIds: request.stationIds.length > 0 ? request.stationIds : null,
      expiresAt: new Date(Date.now() + request.expiresInDays * DAY_MS),
    });
    const row = await this.tokens.findById(id);
    const [record] = await this.present([row as TAccessTokenRow]);
    await this.changed(caller);
    return { ...(record as TAccessTokenRecord), secret };
  }

  async listOwn(caller: TAuthUser): Promise<TAccessTokenRecord[]> {
    return this.present(await this.tokens.listOfUser(caller.id));
  }

  /** Revokes one of the caller's own tokens (another user's answers NOT_FOUND). */
  async revokeOwn(caller: TAuthUser, id: number): Promise<void> {
    const row = await this.tokens.findById(id);
    if (row?.user_id !== caller.id) throw new AppError('NOT_FOUND');
    if (await this.tokens.revoke(id, caller.id)) await this.changed(caller);
  }

  /** The tokens of the caller's company (every company for a system administrator). */
  async page(
    caller: TAuthUser,
    filter: TAccessTokenAdminPageRequest,
  ): Promise<TPage<TAccessTokenAdminRecord>> {
    const owners = caller.isAdmin
      ? { all: true as const }
      : { all: false as const, companyId: caller.companyId };
    const { rows, total } = await this.tokens.page(owners, filter);
    const records = await this.present(rows);
    return presentPage(filter, { rows: records, total }, (record, i) => ({
      ...record,
      userId: Number(rows[i]!.user_id),
      account: rows[i]!.account,
      userName: rows[i]!.user_name,
    }));
  }

  /**
   * An administrator revokes a token of a user of their company whom they may manage (the user's reach
   * within theirs, issue 26 §1). Tokens of other companies answer NOT_FOUND.
   */
  async revokeAsAdministrator(caller: TAuthUser, id: number): Promise<void> {
    const owner = await this.tokens.ownerOf(id);
    if (!owner) throw new AppError('NOT_FOUND');
    if (!caller.isAdmin && owner.company_id !== caller.companyId) throw new AppError('NOT_FOUND');
    if (Number(owner.user_id) !== caller.id)
      await this.guard.assertCanManageUser(caller, Number(owner.user_id));
    if (await this.tokens.revoke(id, caller.id)) {
      await this.changed({ id: Number(owner.user_id), companyId: owner.company_id });
    }
  }

  private async present(rows: TAccessTokenRow[]): Promise<TAccessTokenRecord[]> {
    const ids = [...new Set(rows.flatMap((row) => stationIdsOf(row) ?? []))];
    const names = new Map((await this.tokens.stationNames(ids)).map((s) => [Number(s.id), s]));
    const now = Date.now();
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes as TAccessTokenScope[],
      stations: (stationIdsOf(row) ?? []).flatMap((stationId) => {
        const station = names.get(stationId);
        return station
          ? [{ id: stationId, stationCode: station.station_code, projectName: station.project_name }]
          : [];
      }),
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
      lastUsedIp: row.last_used_ip,
      revokedAt: row.revoked_at?.toISOString() ?? null,
      status: statusOf(row, now),
    }));
  }
}
