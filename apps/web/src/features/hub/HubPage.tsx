import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { HUB_SILENT_DAYS_DEFAULT, type THubOverview } from '@masthub/shared';
import { Button, Card, Col, Flex, InputNumber, Row, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowList } from '../../ui/list/RowList.tsx';
import { useCan } from '../../ui/PermissionButton.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useHubOverview } from './api.ts';
import {
  HubAlarmsCard,
  HubIngestionCard,
  HubKpis,
  HubReportsCard,
  PartsBar,
  RecoveryCard,
  siteLink,
  TYPE_COLORS,
} from './HubCards.tsx';
import { HubLongTermCard } from './HubLongTermCard.tsx';
import styles from './HubPage.module.css';
import { HubReceiptsCard } from './HubReceiptsCard.tsx';

/**
 * The hub (/hub, issue 17): the fleet on one screen for a head of measurement — sites by status and
 * type, silence, recovery of the last 7 and 30 days, alarms, repairs, applications, reports, ingestion
 * and storage, the long-term campaigns, every figure from the user's own sites and a link to the screen behind it. Refreshes
 * every minute; the wall display fills the screen.
 */
export function HubPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const canReview = useCan('system.apply');
  const [silentDays, setSilentDays] = useState(HUB_SILENT_DAYS_DEFAULT);
  const { data, isFetching, refetch } = useHubOverview(silentDays);
  const root = useRef<HTMLDivElement>(null);
  const [isWall, setWall] = useState(false);

  useEffect(() => {
    const onChange = () => setWall(document.fullscreenElement === root.current && root.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleWall = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen?.();
  };

  return (
    <div ref={root} className={isWall ? `${styles.hub} ${styles.wall}` : styles.hub} data-testid="hub">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('hub.title')}
          </Typography.Title>
          {data ? (
            <Typography.Text type="secondary">
              {t('hub.updated', { time: formatDateTime(data.generatedAt) })}
            </Typography.Text>
          ) : null}
        </Space>
        <Space wrap>
          <span>{t('hub.silentDays')}</span>
          <InputNumber
            min={1}
            max={90}
            precision={0}
            value={silentDays}
            onChange={(v) =>
              setSilentDays(typeof v === 'number' && v >= 1 && v <= 90 ? v : HUB_SILENT_DAYS_DEFAULT)
            }
            style={{ width: 80 }}
          />
          <Button
            icon={<ReloadOutlined />}
            loading={isFetching}
            onClick={() => void refetch()}
            aria-label={t('common.actions.refresh')}
          />
          <Button icon={isWall ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleWall}>
            {isWall ? t('hub.exitWall') : t('hub.wall')}
          </Button>
        </Space>
      </Flex>
      {data ? <HubBody data={data} canReview={canReview} /> : <Card loading />}
    </div>
  );
}

function HubBody({ data, canReview }: { data: THubOverview; canReview: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Row gutter={[12, 12]}>
      <HubKpis data={data} canReview={canReview} />

      <Col xs={24} lg={12}>
        <Card size="small" title={t('hub.byStatus')} data-testid="hub-status">
          <PartsBar
            parts={data.stations.byStatus.map((s) => ({
              key: s.key,
              name: s.name,
              count: s.count,
              color: s.color ?? '#999',
              to: `/stationManage?status=${s.key}`,
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('hub.byType')}>
          <PartsBar
            parts={data.stations.byType.map((s, k) => ({
              key: s.key,
              name: s.name,
              count: s.count,
              color: TYPE_COLORS[k % TYPE_COLORS.length]!,
              to: `/stationManage?stationType=${s.key}`,
            }))}
          />
        </Card>
      </Col>

      <Col xs={24} lg={12}>
        <RecoveryCard recovery={data.recovery7} />
      </Col>
      <Col xs={24} lg={12}>
        <RecoveryCard recovery={data.recovery30} />
      </Col>

      <Col xs={24} lg={12} xxl={8}>
        <HubAlarmsCard alarms={data.alarms} />
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Card size="small" title={t('hub.longestSilent')}>
          <RowList
            items={data.silent.longest}
            rowKey={(s) => s.stationId}
            empty={t('hub.none')}
            extra={(s) => <Tag color="volcano">{t('hub.silentFor', { count: s.silentDays })}</Tag>}
            render={(s) => (
              <Link to={siteLink(s.stationId)}>
                {s.stationCode} · {s.projectName}
              </Link>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Card size="small" title={t('hub.oldestRepairs')}>
          <RowList
            items={data.repairs.oldest}
            rowKey={(r, i) => `${r.stationCode}-${r.createdAt}-${i}`}
            empty={t('hub.none')}
            extra={(r) => <Typography.Text type="secondary">{formatDateTime(r.createdAt)}</Typography.Text>}
            render={(r) => (
              <Link to="/systemManage/repairList">
                {r.stationCode} · {r.faultType || r.projectName}
              </Link>
            )}
          />
        </Card>
      </Col>

      <Col xs={24} lg={12}>
        <HubReportsCard reports={data.reports} />
      </Col>
      <Col xs={24} lg={12}>
        <HubIngestionCard ingestion={data.ingestion} storage={data.storage} />
      </Col>
      <Col span={24}>
        <HubLongTermCard longTerm={data.longTerm} />
      </Col>
      <Col span={24}>
        <HubReceiptsCard receipts={data.receipts} />
      </Col>
    </Row>
  );
}
