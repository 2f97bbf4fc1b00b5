import {
  AppError,
  type TTagGroup,
  type TTagIdsRequest,
  type TTagListQuery,
  type TTagRecord,
  type TTagSaveRequest,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { TDeleteBlocker } from '../organisations/index.ts';
import type { TagRepository } from './tags.repository.ts';

type TTagRow = Awaited<ReturnType<TagRepository['list']>>[number];

function present(row: TTagRow): TTagRecord {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    status: row.is_enabled ? 'enable' : 'disable',
    groupId: row.group_id,
    parentName: row.group_name,
    usageCount: Number(row.usage_count ?? 0),
    createTime: row.created_at.toISOString(),
  };
}

/**
 * Tags (SPEC §3 Tag): unique names, a colour, enable/disable, an optional group (parentName), and the
 * usage count. A disabled tag stays on its sites but cannot be newly given; a tag in use is not deleted.
 */
export class TagService {
  constructor(
    private readonly tags: TagRepository,
    private readonly tx: TTransactor<{ tags: TagRepository }>,
  ) {}

  /** Tags; each usage count covers only the sites the caller may see. */
  async list(caller: TAuthUser, query: TTagListQuery): Promise<TTagRecord[]> {
    const isEnabled = query.status === undefined ? undefined : query.status === 'enable';
    return (
      await this.tags.list({ keywords: query.keywords, isEnabled, groupId: query.groupId }, caller)
    ).map(present);
  }

  async groups(caller: TAuthUser): Promise<TTagGroup[]> {
    const [groups, tags] = await Promise.all([this.tags.listGroups(), this.tags.list({}, caller)]);
    return groups.map((g) => {
      const own = tags.filter((t) => t.group_id === g.id).map(present);
      return { id: g.id, name: g.name, tagCount: own.length, tags: own };
    });
  }

  save(input: TTagSaveRequest): Promise<{ id: number }> {
    return this.tx.run(async ({ tags }) => {
      const same = await tags.findByName(input.name);
      if (same && same.id !== input.id) throw new AppError('TAG_NAME_TAKEN', { name: input.name });
      if (input.id !== undefined && !(await tags.find(input.id, 'update'))) throw new AppError('NOT_FOUND');
      const values = {
        name: input.name,
        color: input.color.toLowerCase(),
        is_enabled: input.status === 'enable',
        group_id: await tags.groupIdFor(input.parentName),
      };
      let id = input.id;
      if (id === undefined) id = (await tags.insert(values)).id;
      else await tags.update(id, values);
      await tags.dropEmptyGroups();
      return { id };
    });
  }

  setStatus(input: TTagIdsRequest, isEnabled: boolean): Promise<void> {
    return this.tx.run(async ({ tags }) => {
      const found = await tags.findMany(input.ids);
      if (found.length !== new Set(input.ids).size) throw new AppError('NOT_FOUND');
      await tags.setEnabled(input.ids, isEnabled);
    });
  }

  async checkDelete(id: number): Promise<TDeleteBlocker[]> {
    if (!(await this.tags.find(id))) throw new AppError('NOT_FOUND');
    const count = await this.tags.countStations(id);
    return count > 0 ? [{ errorCode: 'TAG_IN_USE', count }] : [];
  }

  delete(id: number): Promise<void> {
    return this.tx.run(async ({ tags }) => {
      if (!(await tags.find(id, 'update'))) throw new AppError('NOT_FOUND');
      const count = await tags.countStations(id);
      if (count > 0) throw new AppError('TAG_IN_USE', { count });
      await tags.delete(id);
      await tags.dropEmptyGroups();
    });
  }
}
