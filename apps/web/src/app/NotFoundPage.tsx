import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('common.notFound.title')}
      subTitle={t('common.notFound.subTitle')}
      extra={
        <Link to="/index">
          <Button type="primary">{t('common.actions.backHome')}</Button>
        </Link>
      }
    />
  );
}
