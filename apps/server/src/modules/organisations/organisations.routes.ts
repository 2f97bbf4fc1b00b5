import {
  ZCompanyNode,
  ZCompanySaveRequest,
  ZCompanyUpdateRequest,
  ZDeleteCheck,
  ZDropDownOption,
  ZDropDownQuery,
  ZGroupListRequest,
  ZGroupSaveRequest,
  ZGroupUpdateRequest,
  ZIdBody,
  ZIdQuery,
} from '@masthub/shared';
import { z } from 'zod';
import { presentDeleteCheck } from '../../platform/http/delete-check.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { OrganisationService } from './organisations.service.ts';

const ZCreated = z.object({ id: z.number().int() });

/** Companies and departments are managed from the user pages, so they need 'system.user'. */
export function organisationRoutes(organisations: OrganisationService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/security/sys/company/save',
      summary: 'Create a company (name required, ≤ 20 characters, unique)',
      tags: ['organisations'],
      auth: 'system.user',
      body: ZCompanySaveRequest,
      response: ZCreated,
      handle: ({ body }) => organisations.createCompany(body),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/company/update',
      summary: 'Rename a company',
      tags: ['organisations'],
      auth: 'system.user',
      body: ZCompanyUpdateRequest,
      handle: async ({ body }) => {
        await organisations.updateCompany(body);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/company/delete',
      summary: 'Delete a company that has no users and no departments',
      tags: ['organisations'],
      auth: 'system.user',
      body: ZIdBody,
      handle: async ({ body }) => {
        await organisations.deleteCompany(body.id);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/company/delete/check',
      summary: 'Whether a company can be deleted, and why not',
      tags: ['organisations'],
      auth: 'system.user',
      query: ZIdQuery,
      response: ZDeleteCheck,
      handle: async ({ query, language }) =>
        presentDeleteCheck(await organisations.checkCompanyDelete(query.id), language),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/company/drop_down_search',
      summary: 'Companies whose name contains the keywords (at most 50)',
      tags: ['organisations'],
      auth: 'user',
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
      body: ZGroupListRequest,
      response: z.array(ZCompanyNode),
      handle: ({ body }) => organisations.listTree(body),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/group/save',
      summary: 'Create a department in a company (name unique within the company)',
      tags: ['organisations'],
      auth: 'system.user',
      body: ZGroupSaveRequest,
      response: ZCreated,
      handle: ({ body }) => organisations.createGroup(body),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/group/update',
      summary: 'Rename a department',
      tags: ['organisations'],
      auth: 'system.user',
      body: ZGroupUpdateRequest,
      handle: async ({ body }) => {
        await organisations.updateGroup(body);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/group/delete',
      summary: 'Delete a department that has no users',
      tags: ['organisations'],
      auth: 'system.user',
      body: ZIdBody,
      handle: async ({ body }) => {
        await organisations.deleteGroup(body.id);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/group/delete/check',
      summary: 'Whether a department can be deleted, and why not',
      tags: ['organisations'],
      auth: 'system.user',
      query: ZIdQuery,
      response: ZDeleteCheck,
      handle: async ({ query, language }) =>
        presentDeleteCheck(await organisations.checkGroupDelete(query.id), language),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/group/drop_down_search',
      summary: 'Departments whose name contains the keywords, optionally of one company (at most 50)',
      tags: ['organisations'],
      auth: 'user',
      query: ZDropDownQuery,
      response: z.array(ZDropDownOption),
      handle: ({ query }) => organisations.searchGroups(query.keywords, query.companyId),
    }),
  ];
}
