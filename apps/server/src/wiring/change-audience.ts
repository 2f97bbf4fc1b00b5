import type { StationAccess } from '../modules/access/index.ts';
import type { TChangeAudience } from '../modules/messages/index.ts';

/**
 * Who hears of a change pushed to the screens (issue 41 §2), among the users connected to the real-time
 * channel: a site's receipts and stored data — the users who see the site; a user's personal access
 * tokens — that user, and whoever lists the tokens of the user's company (the administrators' list:
 * `system.user`, their own company, every company for a system administrator).
 */
export function changeAudience(stationAccess: Pick<StationAccess, 'viewersAmong'>): TChangeAudience {
  return async (change, users) => {
    switch (change.topic) {
      case 'receipts':
      case 'station-data':
        return new Set(await stationAccess.viewersAmong(users, change.stationId));
      case 'access-tokens':
        return new Set(
          users
            .filter(
              (user) =>
                user.id === change.ownerId ||
                (user.features.has('system.user') && (user.isAdmin || user.companyId === change.companyId)),
            )
            .map((user) => user.id),
        );
    }
  };
}
