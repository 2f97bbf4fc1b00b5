import type { THubOverview } from '@masthub/shared';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowList } from '../../ui/list/RowList.tsx';
import { siteLink } from './HubCards.tsx';

/**
 * Long-term campaigns (issue 28, WIND-ANALYSIS §13): the caller's sites with a default reference by the
 * verdict of their convergence, the median of the months still needed, and the sites not converged yet,
 * each a link to its page, where the convergence chart is.
 */
export function HubLongTermCard({ longTerm }: { longTerm: THubOverview['longTerm'] }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'converged', value: longTerm.converged, color: '#389e0d' },
    { key: 'notYet', value: longTerm.notYet, color: '#d48806' },
    { key: 'tooShort', value: longTerm.tooShort, color: undefined },
    { key: 'pending', value: longTerm.pending, color: undefined },
  ] as const;
  return (
    <Card size="small" title={t('hub.longTerm.title', { count: longTerm.sites })} data-testid="hub-longterm">
      {longTerm.sites === 0 ? (
        <Typography.Text type="secondary">{t('hub.longTerm.none')}</Typography.Text>
      ) : (
        <Row gutter={[12, 12]}>
          {figures.map((f) => (
            <Col key={f.key} xs={12} md={6} xl={4}>
              <Statistic
                title={t(`hub.longTerm.${f.key}`)}
                value={f.value}
                styles={{ content: f.color ? { color: f.color } : {} }}
              />
            </Col>
          ))}
          <Col xs={24} md={12} xl={8}>
            <Statistic
              title={t('hub.longTerm.median')}
              value={longTerm.medianMonthsNeeded ?? '—'}
              data-testid="hub-longterm-median"
            />
          </Col>
          <Col span={24}>
            <RowList
              items={longTerm.needing}
              rowKey={(s) => s.stationId}
              empty={t('hub.longTerm.allConverged')}
              extra={(s) => (
                <Tag color={s.status === 'not_yet' ? 'gold' : 'default'}>
                  {s.monthsNeeded === null
                    ? s.statusName
                    : t('hub.longTerm.monthsNeeded', { count: s.monthsNeeded })}
                </Tag>
              )}
              render={(s) => (
                <Link to={siteLink(s.stationId)}>
                  {s.stationCode} · {s.projectName}
                  <Typography.Text type="secondary">
                    {' '}
                    {t('hub.longTerm.months', { count: s.months })}
                  </Typography.Text>
                </Link>
              )}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
