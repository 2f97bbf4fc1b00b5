import {
  ZIdQuery,
  ZParseRuleOption,
  ZParseRulePageRequest,
  ZParseRuleRecord,
  ZParseRuleSave,
  ZUpdateStationParseRule,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction, editRoutes } from '../../platform/http/route-shapes.ts';
import type { IngestionApi } from './ingestion.api.ts';

/** Parse rules (RuleManage) and the parse rule of a site. */
export function parseRuleRoutes(api: IngestionApi): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/parse_rule/options',
      summary: 'Parse rules as options (id, name)',
      tags: ['parse-rule'],
      auth: 'user',
      scope: 'read',
      response: z.array(ZParseRuleOption),
      handle: () => api.ruleOptions(),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/parse_rule/page',
      summary: 'Parse rules, a page at a time, with the number of sites using each',
      tags: ['parse-rule'],
      auth: 'system.rule',
      scope: 'read',
      body: ZParseRulePageRequest,
      response: zPage(ZParseRuleRecord),
      handle: ({ body, language }) => api.pageRules(body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/parse_rule/detail',
      summary: 'One parse rule',
      tags: ['parse-rule'],
      auth: 'system.rule',
      scope: 'read',
      query: ZIdQuery,
      response: ZParseRuleRecord,
      handle: ({ query, language }) => api.ruleDetail(query.id, language),
    }),
    ...editRoutes({
      base: '/web/parse_rule',
      saveAt: 'save_or_update',
      tags: ['parse-rule'],
      auth: 'system.rule',
      body: ZParseRuleSave,
      summaries: {
        save: 'Create (no id) or update a parse rule; names are unique',
        remove: 'Delete a parse rule; refused while a site uses it',
      },
      save: (body, user) => api.saveRule(user, body),
      remove: (id) => api.deleteRule(id),
    }),
    defineAction({
      method: 'POST',
      url: '/web/station/updateParseRule',
      summary: "Set (or clear, null) a site's parse rule",
      tags: ['station'],
      auth: 'station.edit',
      scope: 'write',
      body: ZUpdateStationParseRule,
      run: ({ user, body }) => api.setStationRule(user, body.stationId, body.parseRuleId),
    }),
  ];
}
