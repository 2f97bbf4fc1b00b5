import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentRouteName } from './route-title.ts';

/** Honest placeholder for screens that later issues build: says so, and pretends nothing. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const name = useCurrentRouteName();
  return (
    <Result
      status="info"
      title={t('common.notAvailable.title')}
      subTitle={name ? t('common.notAvailable.subTitle', { page: t(name) }) : undefined}
      extra={
        <Link to="/index">
          <Button>{t('common.actions.backHome')}</Button>
        </Link>
      }
    />
  );
}
