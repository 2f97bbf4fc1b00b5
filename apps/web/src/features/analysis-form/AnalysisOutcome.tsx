import { Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../request/request.ts';

/**
 * The result area of an analysis page (statistics, site suitability, lidar versus mast): a hint before the
 * first run (`<area>.start`), the server's refusal (else `<area>.failed`), a placeholder while the first
 * answer comes, then the result, dimmed while a newer one loads.
 */
export function AnalysisOutcome<TResult>({
  area,
  isRequested,
  query,
  children,
}: {
  area: 'statistics' | 'suitability' | 'lidar-verify';
  isRequested: boolean;
  query: { data: TResult | undefined; isError: boolean; error: unknown; isFetching: boolean };
  children: (result: TResult) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!isRequested) return <Empty description={t(`${area}.start`)} />;
  if (query.isError) {
    const { error } = query;
    return (
      <Result status="warning" title={error instanceof RequestError ? error.message : t(`${area}.failed`)} />
    );
  }
  if (query.data === undefined) {
    return (
      <Spin spinning>
        <div style={{ height: 240 }} />
      </Spin>
    );
  }
  return <Spin spinning={query.isFetching}>{children(query.data)}</Spin>;
}
