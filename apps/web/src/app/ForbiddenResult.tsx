import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §6: a route whose feature is not in selectedFeatures shows 'no access permission'. */
export function ForbiddenResult() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('common.forbidden.title')}
      subTitle={t('common.forbidden.subTitle')}
      extra={
        <Link to="/index">
          <Button type="primary">{t('common.actions.backHome')}</Button>
        </Link>
      }
    />
  );
}
