/** The public face of the qc-rules module: all that other modules, server.ts and the seed import of it. */

export {
  evaluateQcRules,
  INTERNAL_RULE,
  type TQcRuleForRun,
  type TQcSkipReason,
} from './evaluate-qc-rules.ts';
export { createQcRuleService, listQcRulesForRun } from './qc-rules.module.ts';
export { qcRuleRoutes } from './qc-rules.routes.ts';
export type { QcRuleService } from './qc-rules.service.ts';
