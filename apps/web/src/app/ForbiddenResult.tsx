import { useTranslation } from 'react-i18next';
import { LinkResult } from './LinkResult.tsx';

/** SPEC §6: a route whose feature is not in selectedFeatures shows 'no access permission'. */
export function ForbiddenResult() {
  const { t } = useTranslation();
  return (
    <LinkResult
      status="403"
      title={t('common.forbidden.title')}
      subTitle={t('common.forbidden.subTitle')}
      to="/index"
      linkLabel={t('common.actions.backHome')}
    />
  );
}
