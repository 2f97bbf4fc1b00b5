import type { THubOverview } from '@masthub/shared';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowList } from '../../ui/list/RowList.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { SEVERITY_COLORS } from '../receipts/index.ts';
import { siteLink } from './HubCards.tsx';

/**
 * Data receipts to handle (issue 30, WIND-ANALYSIS §15): the caller's sites with open findings, how many
 * (errors among them), and the latest findings, each a link to its site, where its receipts are.
 */
export function HubReceiptsCard({ receipts }: { receipts: THubOverview['receipts'] }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Card size="small" title={t('receipt.hub.title', { count: receipts.sites })} data-testid="hub-receipts">
      {receipts.openFindings === 0 ? (
        <Typography.Text type="secondary">{t('receipt.hub.none')}</Typography.Text>
      ) : (
        <Row gutter={[12, 12]}>
          <Col xs={8} md={4}>
            <Statistic title={t('receipt.hub.sites')} value={receipts.sites} />
          </Col>
          <Col xs={8} md={4}>
            <Statistic title={t('receipt.hub.findings')} value={receipts.openFindings} />
          </Col>
          <Col xs={8} md={4}>
            <Statistic
              title={t('receipt.hub.errors')}
              value={receipts.errors}
              styles={{ content: receipts.errors > 0 ? { color: '#cf1322' } : {} }}
            />
          </Col>
          <Col span={24}>
            <Typography.Text type="secondary">{t('receipt.hub.latest')}</Typography.Text>
            <RowList
              items={receipts.latest}
              rowKey={(f) => f.findingId}
              empty={t('receipt.hub.none')}
              extra={(f) => (
                <Tag color={SEVERITY_COLORS[f.severity]}>{t(`receipt.severity.${f.severity}`)}</Tag>
              )}
              render={(f) => (
                <Link to={siteLink(f.stationId)}>
                  {f.stationCode} · {f.projectName} · {t(`receipt.finding.${f.key}`, { defaultValue: f.key })}
                  <Typography.Text type="secondary">
                    {' '}
                    {f.fileName} · {formatDateTime(f.createTime)}
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
