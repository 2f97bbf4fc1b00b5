import {
  ZFileMatchRuleOption,
  ZFileMatchRuleOptionsRequest,
  ZFileMatchRulePageRequest,
  ZFileMatchRuleRecord,
  ZFileMatchRuleSaveRequest,
  ZFileTypeSuffixOption,
  ZIdQuery,
  ZMatchComponents,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { editRoutes } from '../../platform/http/route-shapes.ts';
import type { FileMatchRuleService } from './file-match-rules.service.ts';

/** File-match rules (RuleManage): 'system.rule'; the drop-down of rules is open to every user. */
export function fileMatchRuleRoutes(rules: FileMatchRuleService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/rule/match/component',
      summary:
        'What a file-match condition can look at (file name, subject, sender, folder), how it compares, and the site modes',
      tags: ['rules'],
      auth: 'system.rule',
      scope: 'read',
      response: ZMatchComponents,
      handle: async ({ language }) => rules.components(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/rule/file_match/fileTypeSuffix',
      summary: 'File types a file-match rule can name; isParsed false = stored, not parsed',
      tags: ['rules'],
      auth: 'system.rule',
      scope: 'read',
      response: z.array(ZFileTypeSuffixOption),
      handle: async () => rules.fileTypeSuffixes(),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/rule/file_match/options',
      summary: 'File-match rules for a drop-down, optionally of one data source or able to reach one site',
      tags: ['rules'],
      auth: 'user',
      scope: 'read',
      body: ZFileMatchRuleOptionsRequest,
      response: z.array(ZFileMatchRuleOption),
      handle: ({ user, body }) => rules.options(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/rule/file_match/page',
      summary: 'Page of file-match rules in matching order; keywords match name, folder, inbox or site code',
      tags: ['rules'],
      auth: 'system.rule',
      scope: 'read',
      body: ZFileMatchRulePageRequest,
      response: zPage(ZFileMatchRuleRecord),
      handle: ({ body, language }) => rules.page(body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/rule/file_match/detail',
      summary: 'One file-match rule',
      tags: ['rules'],
      auth: 'system.rule',
      scope: 'read',
      query: ZIdQuery,
      response: ZFileMatchRuleRecord,
      handle: ({ query, language }) => rules.detail(query.id, language),
    }),
    ...editRoutes({
      base: '/web/rule/file_match',
      saveAt: 'save_or_update',
      tags: ['rules'],
      auth: 'system.rule',
      body: ZFileMatchRuleSaveRequest,
      summaries: {
        save: 'Create (no id) or update a file-match rule: name unique without whitespace, folder and inbox not both empty',
        remove: 'Delete a file-match rule (at least one rule must be kept)',
      },
      save: (body, user) => rules.save(user, body),
      remove: (id, user) => rules.delete(user, id),
    }),
  ];
}
