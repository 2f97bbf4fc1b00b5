import { BackHomeResult } from '../ui/LinkResult.tsx';

/** SPEC §6: a route whose feature is not in selectedFeatures shows 'no access permission'. */
export function ForbiddenResult() {
  return <BackHomeResult status="403" texts="forbidden" />;
}
