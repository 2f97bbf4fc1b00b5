import { ZIdQuery, ZQcRule, ZQcRuleListQuery, ZQcRulePageRequest, ZQcRuleSave, zPage } from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { editRoutes } from '../../platform/http/route-shapes.ts';
import type { QcRuleService } from './qc-rules.service.ts';

/**
 * Quality-control and warning rules (RuleManage): 'system.rule'; the list of a type is open to every user
 * because the QC dialog of MeasureWind reads it.
 */
export function qcRuleRoutes(rules: QcRuleService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/rule/list',
      summary:
        'Quality-control (ruleType auto_quality) or warning (warn) rules, enabled and disabled, for every site and, with stationId, that site',
      tags: ['rules'],
      auth: 'user',
      scope: 'read',
      query: ZQcRuleListQuery,
      response: z.array(ZQcRule),
      handle: ({ user, query, language }) => rules.list(user, query, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/rule/page',
      summary: 'Page of quality-control or warning rules; name is a substring',
      tags: ['rules'],
      auth: 'system.rule',
      scope: 'read',
      body: ZQcRulePageRequest,
      response: zPage(ZQcRule),
      handle: ({ user, body, language }) => rules.page(user, body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/rule/detail',
      summary: 'One quality-control or warning rule',
      tags: ['rules'],
      auth: 'system.rule',
      scope: 'read',
      query: ZIdQuery,
      response: ZQcRule,
      handle: ({ user, query, language }) => rules.detail(user, query.id, language),
    }),
    ...editRoutes({
      base: '/web/rule',
      saveAt: 'save_or_update',
      tags: ['rules'],
      auth: 'system.rule',
      body: ZQcRuleSave,
      summaries: {
        save: 'Create (no id) or update a quality-control or warning rule: params checked per kind, name unique within the rule type',
        remove: 'Delete a quality-control or warning rule',
      },
      save: (body, user) => rules.save(user, body),
      remove: (id, user) => rules.delete(user, id),
    }),
  ];
}
