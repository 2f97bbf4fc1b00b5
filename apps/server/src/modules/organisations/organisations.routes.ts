import {
  ZCompanyNode,
  ZCompanySaveRequest,
  ZCompanyUpdateRequest,
  ZDropDownOption,
  ZDropDownQuery,
  ZGroupListRequest,
  ZGroupSaveRequest,
  ZGroupUpdateRequest,
  ZIdBody,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction, deleteCheckRoute, saveRoute } from '../../platform/http/route-shapes.ts';
import type { OrganisationService } from './organisations.service.ts';

/** Companies and departments are managed from the user pages, so they need 'system.user'. */
export function organisationRoutes(organisations: OrganisationService): TRouteDef[] {
  return [
    saveRoute({
      url: '/security/sys/company/save',
      summary: 'Create a company (name required, ≤ 20 characters, unique)',
      tags: ['organisations'],
      auth: 'system.user',
      body: ZCompanySaveRequest,
      save: (body) => organisations.createCompany(body),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/company/update',
      summary: 'Rename a company',
      tags: ['organisations'],
      auth: 'system.user',
      scope: 'write',
      body: ZCompanyUpdateRequest,
      run: ({ body }) => organisations.updateCompany(body),
    }),
    ...removalRoutes('company', {
      summaries: {
        remove: 'Delete a company that has no users and no departments',
        check: 'Whether a company can be deleted, and why not',
      },
      remove: (id) => organisations.deleteCompany(id),
      check: (id) => organisations.checkCompanyDelete(id),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/company/drop_down_search',
      summary: 'Companies whose name contains the keywords (at most 50)',
      tags: ['organisations'],
      auth: 'user',
      scope: 'read',
      query: ZDropDownQuery,
      response: z.array(ZDropDownOption),
      handle: ({ query }) => organisations.searchCompanies(query.keywords),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/group/list',
      summary: 'The company › department tree with user counts',
      tags: ['organisations'],
      auth: 'system.user',
      scope: 'read',
      body: ZGroupListRequest,
      response: z.array(ZCompanyNode),
      handle: ({ body }) => organisations.listTree(body),
    }),
    saveRoute({
      url: '/security/sys/group/save',
      summary: 'Create a department in a company (name unique within the company)',
      tags: ['organisations'],
      auth: 'system.user',
      body: ZGroupSaveRequest,
      save: (body) => organisations.createGroup(body),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/group/update',
      summary: 'Rename a department',
      tags: ['organisations'],
      auth: 'system.user',
      scope: 'write',
      body: ZGroupUpdateRequest,
      run: ({ body }) => organisations.updateGroup(body),
    }),
    ...removalRoutes('group', {
      summaries: {
        remove: 'Delete a department that has no users',
        check: 'Whether a department can be deleted, and why not',
      },
      remove: (id) => organisations.deleteGroup(id),
      check: (id) => organisations.checkGroupDelete(id),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/group/drop_down_search',
      summary: 'Departments whose name contains the keywords, optionally of one company (at most 50)',
      tags: ['organisations'],
      auth: 'user',
      scope: 'read',
      query: ZDropDownQuery,
      response: z.array(ZDropDownOption),
      handle: ({ query }) => organisations.searchGroups(query.keywords, query.companyId),
    }),
  ];
}

/**
 * The delete of a company or a department (POST `{ id }`, answers no data) and its check (GET `?id=`),
 * both for the user managers.
 */
function removalRoutes(
  unit: 'company' | 'group',
  def: {
    summaries: { remove: string; check: string };
    remove: (id: number) => Promise<unknown>;
    check: Parameters<typeof deleteCheckRoute>[0]['check'];
  },
): TRouteDef[] {
  const head = { tags: ['organisations'], auth: 'system.user' as const };
  return [
    defineAction({
      method: 'POST',
      url: `/security/sys/${unit}/delete`,
      summary: def.summaries.remove,
      ...head,
      scope: 'write',
      body: ZIdBody,
      run: ({ body }) => def.remove(body.id),
    }),
    deleteCheckRoute({
      url: `/security/sys/${unit}/delete/check`,
      summary: def.summaries.check,
      ...head,
      check: def.check,
    }),
  ];
}
