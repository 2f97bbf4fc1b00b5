import { AppError } from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute } from '../../platform/http/route-shapes.ts';

/**
 * GET `url?id=` deleting a report (a group report or a data report). Open to every user so that a
 * caller without report.delete hears “no permission to delete report” (SPEC §6), not a plain 403; the
 * service checks the report's site.
 */
export function reportDeleteRoute(def: {
  url: string;
  summary: string;
  remove: (id: number, user: TAuthUser) => Promise<unknown>;
}): TRouteDef {
  return deleteByIdRoute({
    url: def.url,
    summary: def.summary,
    tags: ['reports'],
    auth: 'user',
    remove: (id, user) => {
      if (!user.isAdmin && !user.features.has('report.delete')) throw new AppError('REPORT_DELETE_FORBIDDEN');
      return def.remove(id, user);
    },
  });
}
