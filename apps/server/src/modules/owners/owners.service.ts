import {
  AppError,
  type TOwnerOption,
  type TOwnerPageRequest,
  type TOwnerRecord,
  type TOwnerSaveRequest,
  type TPage,
} from '@masthub/shared';
import { presentPage } from '../../platform/db/paging.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { TDeleteBlocker } from '../organisations/index.ts';
import type { OwnerRepository } from './owners.repository.ts';

/** Owner parties (业主, SPEC §3 Owner): name required and unique, phone and e-mail checked; in use → kept. */
export class OwnerService {
  constructor(
    private readonly owners: OwnerRepository,
    private readonly tx: TTransactor<{ owners: OwnerRepository }>,
  ) {}

  async page(filter: TOwnerPageRequest): Promise<TPage<TOwnerRecord>> {
    const { records, total } = await this.owners.page(filter);
    return presentPage(filter, { rows: records, total }, (r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone || null,
      email: r.email || null,
      stationCount: Number(r.station_count ?? 0),
      createTime: r.created_at.toISOString(),
    }));
  }

  options(): Promise<TOwnerOption[]> {
    return this.owners.listOptions();
  }

  save(input: TOwnerSaveRequest): Promise<{ id: number }> {
    return this.tx.run(async ({ owners }) => {
      const values = { name: input.name, phone: input.phone ?? '', email: input.email ?? '' };
      const same = await owners.findByName(input.name);
      if (same && same.id !== input.id) throw new AppError('OWNER_NAME_TAKEN', { name: input.name });
      if (input.id === undefined) return owners.insert(values);
      if (!(await owners.find(input.id, 'update'))) throw new AppError('NOT_FOUND');
      await owners.update(input.id, values);
      return { id: input.id };
    });
  }

  async checkDelete(id: number): Promise<TDeleteBlocker[]> {
    if (!(await this.owners.find(id))) throw new AppError('NOT_FOUND');
    const count = await this.owners.countStations(id);
    return count > 0 ? [{ errorCode: 'OWNER_IN_USE', count }] : [];
  }

  delete(id: number): Promise<void> {
    return this.tx.run(async ({ owners }) => {
      if (!(await owners.find(id, 'update'))) throw new AppError('NOT_FOUND');
      const count = await owners.countStations(id);
      if (count > 0) throw new AppError('OWNER_IN_USE', { count });
      await owners.delete(id);
    });
  }
}
