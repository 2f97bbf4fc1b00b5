import {
  AppError,
  type ErrorCode,
  type TCompanyNode,
  type TCompanySaveRequest,
  type TCompanyUpdateRequest,
  type TDropDownOption,
  type TGroupListRequest,
  type TGroupSaveRequest,
  type TGroupUpdateRequest,
} from '@masthub/shared';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { OrganisationRepository } from './organisations.repository.ts';

/** Why a record cannot be deleted: the refusal's error code and the count behind it. */
export interface TDeleteBlocker {
  errorCode: ErrorCode;
  count: number;
}

const DROP_DOWN_LIMIT = 50;

/** Companies and departments: names required, ≤ 20 characters, unique; in use → not deletable (SPEC §5). */
export class OrganisationService {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly tx: TTransactor<{ organisations: OrganisationRepository }>,
  ) {}

  /** The company › department tree. `keywords` keeps companies or departments whose name contains them. */
  async listTree(filter: TGroupListRequest): Promise<TCompanyNode[]> {
    const companies = await this.organisations.listCompanies({ companyId: filter.companyId });
    const groups = await this.organisations.listGroups(companies.map((c) => c.id));
    const needle = filter.keywords?.toLowerCase();
    const nodes: TCompanyNode[] = [];
    for (const company of companies) {
      const own = groups.filter((g) => g.company_id === company.id);
      const isCompanyHit = !needle || company.name.toLowerCase().includes(needle);
      const shown = isCompanyHit ? own : own.filter((g) => g.name.toLowerCase().includes(needle));
      if (!isCompanyHit && shown.length === 0) continue;
      nodes.push({
        id: company.id,
        name: company.name,
        userCount: Number(company.user_count ?? 0),
        createTime: company.created_at.toISOString(),
        groups: shown.map((g) => ({
          id: g.id,
          companyId: g.company_id,
          name: g.name,
          userCount: Number(g.user_count ?? 0),
          createTime: g.created_at.toISOString(),
        })),
      });
    }
    return nodes;
  }

  createCompany(input: TCompanySaveRequest): Promise<{ id: number }> {
    return this.tx.run(async ({ organisations }) => {
      await this.assertCompanyNameFree(organisations, input.name, null);
      const row = await organisations.insertCompany(input.name);
      return { id: row.id };
    });
  }

  updateCompany(input: TCompanyUpdateRequest): Promise<void> {
    return this.tx.run(async ({ organisations }) => {
      if (!(await organisations.findCompany(input.id, 'update'))) throw new AppError('NOT_FOUND');
      await this.assertCompanyNameFree(organisations, input.name, input.id);
      await organisations.renameCompany(input.id, input.name);
    });
  }

  async checkCompanyDelete(id: number): Promise<TDeleteBlocker[]> {
    if (!(await this.organisations.findCompany(id))) throw new AppError('NOT_FOUND');
    return this.companyBlockers(this.organisations, id);
  }

  deleteCompany(id: number): Promise<void> {
    return this.tx.run(async ({ organisations }) => {
      // The row lock makes a concurrent "add user to this company" wait, so the check stays true.
      if (!(await organisations.findCompany(id, 'update'))) throw new AppError('NOT_FOUND');
      const [blocker] = await this.companyBlockers(organisations, id);
      if (blocker) throw new AppError(blocker.errorCode, { count: blocker.count });
      await organisations.deleteCompany(id);
    });
  }

  createGroup(input: TGroupSaveRequest): Promise<{ id: number }> {
    return this.tx.run(async ({ organisations }) => {
      if (!(await organisations.findCompany(input.companyId, 'share'))) throw new AppError('NOT_FOUND');
      await this.assertGroupNameFree(organisations, input.companyId, input.name, null);
      const row = await organisations.insertGroup(input.companyId, input.name);
      return { id: row.id };
    });
  }

  updateGroup(input: TGroupUpdateRequest): Promise<void> {
    return this.tx.run(async ({ organisations }) => {
      const group = await organisations.findGroup(input.id, 'update');
      if (!group) throw new AppError('NOT_FOUND');
      await this.assertGroupNameFree(organisations, group.company_id, input.name, input.id);
      await organisations.renameGroup(input.id, input.name);
    });
  }

  async checkGroupDelete(id: number): Promise<TDeleteBlocker[]> {
    if (!(await this.organisations.findGroup(id))) throw new AppError('NOT_FOUND');
    return this.groupBlockers(this.organisations, id);
  }

  deleteGroup(id: number): Promise<void> {
    return this.tx.run(async ({ organisations }) => {
      if (!(await organisations.findGroup(id, 'update'))) throw new AppError('NOT_FOUND');
      const [blocker] = await this.groupBlockers(organisations, id);
      if (blocker) throw new AppError(blocker.errorCode, { count: blocker.count });
      await organisations.deleteGroup(id);
    });
  }

  async searchCompanies(keywords: string | undefined): Promise<TDropDownOption[]> {
    const rows = await this.organisations.searchCompanies(keywords, DROP_DOWN_LIMIT);
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }

  async searchGroups(
    keywords: string | undefined,
    companyId: number | undefined,
  ): Promise<TDropDownOption[]> {
    const rows = await this.organisations.searchGroups(keywords, companyId, DROP_DOWN_LIMIT);
    return rows.map((r) => ({ id: r.id, name: r.name, companyId: r.company_id }));
  }

  private async companyBlockers(
    organisations: OrganisationRepository,
    id: number,
  ): Promise<TDeleteBlocker[]> {
    const [users, groups] = await Promise.all([
      organisations.countCompanyUsers(id),
      organisations.countCompanyGroups(id),
    ]);
    const blockers: TDeleteBlocker[] = [];
    if (users > 0) blockers.push({ errorCode: 'COMPANY_HAS_USERS', count: users });
    if (groups > 0) blockers.push({ errorCode: 'COMPANY_HAS_GROUPS', count: groups });
    return blockers;
  }

  private async groupBlockers(organisations: OrganisationRepository, id: number): Promise<TDeleteBlocker[]> {
    const users = await organisations.countGroupUsers(id);
    return users > 0 ? [{ errorCode: 'GROUP_HAS_USERS', count: users }] : [];
  }

  private async assertCompanyNameFree(
    organisations: OrganisationRepository,
    name: string,
    selfId: number | null,
  ): Promise<void> {
    const existing = await organisations.findCompanyByName(name);
    if (existing && existing.id !== selfId) {
      throw new AppError('COMPANY_NAME_TAKEN', { name }, [{ field: 'name', message: 'v.nameTaken' }]);
    }
  }

  private async assertGroupNameFree(
    organisations: OrganisationRepository,
    companyId: number,
    name: string,
    selfId: number | null,
  ): Promise<void> {
    const existing = await organisations.findGroupByName(companyId, name);
    if (existing && existing.id !== selfId) {
      throw new AppError('GROUP_NAME_TAKEN', { name }, [{ field: 'name', message: 'v.nameTaken' }]);
    }
  }
}
