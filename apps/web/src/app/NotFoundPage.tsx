import { BackHomeResult } from '../ui/LinkResult.tsx';

export function NotFoundPage() {
  return <BackHomeResult status="404" texts="notFound" />;
}
