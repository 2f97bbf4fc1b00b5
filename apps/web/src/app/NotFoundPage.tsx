import { useTranslation } from 'react-i18next';
import { LinkResult } from './LinkResult.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <LinkResult
      status="404"
      title={t('common.notFound.title')}
      subTitle={t('common.notFound.subTitle')}
      to="/index"
      linkLabel={t('common.actions.backHome')}
    />
  );
}
