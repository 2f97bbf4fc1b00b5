import { BackHomeResult } from './LinkResult.tsx';

export function NotFoundPage() {
  return <BackHomeResult status="404" texts="notFound" />;
}
