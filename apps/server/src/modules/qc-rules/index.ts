/** The public face of the qc-rules module: all that other modules, server.ts and the seed import of it. */

export {
  evaluateQcRules,
  INTERNAL_RULE,
  type TQcRuleForRun,
  type TQcSkipReason,
} from './evaluate-qc-rules.ts';
export { QcRuleRepository } from './qc-rules.repository.ts';
export { qcRuleRoutes } from './qc-rules.routes.ts';
export { QcRuleService } from './qc-rules.service.ts';
