import { useMatches } from 'react-router';
import type { RouteHandle } from '../../access.ts';

/** The i18n key of the deepest matched route that has a name. */
export function useCurrentRouteName(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const name = (matches[index]?.handle as RouteHandle | undefined)?.name;
    if (name) return name;
  }
  return undefined;
}
