import { Button, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A whole-page result (no access, not found, nothing to show) whose one primary button links elsewhere. */
export function LinkResult({ to, linkLabel, ...result }: ResultProps & { to: string; linkLabel: string }) {
  return (
    <Result
      {...result}
      extra={
        <Link to={to}>
          <Button type="primary">{linkLabel}</Button>
        </Link>
      }
    />
  );
}

/** A whole-page result of the app itself (no access, not found): its texts under `common.<texts>`, the way home. */
export function BackHomeResult({
  status,
  texts,
}: {
  status: '403' | '404';
  texts: 'forbidden' | 'notFound';
}) {
  const { t } = useTranslation();
  return (
    <LinkResult
      status={status}
      title={t(`common.${texts}.title`)}
      subTitle={t(`common.${texts}.subTitle`)}
      to="/index"
      linkLabel={t('common.actions.backHome')}
    />
  );
}
