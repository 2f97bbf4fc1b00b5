import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { HUB_SILENT_DAYS_DEFAULT, type THubOverview, type THubRecovery } from '@masthub/shared';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  InputNumber,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowList } from '../../app/list/RowList.tsx';
import { useCan } from '../../app/PermissionButton.tsx';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { formatBytes } from '../apply/apply-columns.tsx';
import { RECOVERY_COLORS, recoveryColor } from '../statistics/statistics.utils.ts';
import { useHubOverview } from './api.ts';
import styles from './HubPage.module.css';

const siteLink = (stationId: number, tab = 'StationInfo') => `/StationDetail/${tab}?stationId=${stationId}`;

function formatCount(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)} G`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)} M`;
  if (value >= 1e4) return `${(value / 1e3).toFixed(0)} k`;
  return String(value);
}

/** A horizontal bar of parts, each a link to the list behind it. */
function PartsBar({
  parts,
}: {
  parts: { key: string; name: string; count: number; color: string; to: string }[];
}) {
  const total = parts.reduce((s, p) => s + p.count, 0);
  return (
    <div>
      <div className={styles.bar}>
        {total === 0 ? <div className={styles.barEmpty} /> : null}
        {parts
          .filter((p) => p.count > 0)
          .map((p) => (
            <Tooltip key={p.key} title={`${p.name}: ${p.count}`}>
              <Link to={p.to} style={{ flexGrow: p.count, background: p.color }} className={styles.barPart} />
            </Tooltip>
          ))}
      </div>
      <Flex wrap gap={12} style={{ marginTop: 8 }}>
        {parts.map((p) => (
          <Link key={p.key} to={p.to} className={styles.legend}>
            <span className={styles.swatch} style={{ background: p.color }} />
            {p.name} <strong>{p.count}</strong>
          </Link>
        ))}
      </Flex>
    </div>
  );
}

const TYPE_COLORS = ['#1677ff', '#13c2c2', '#722ed1', '#eb2f96'];

function Kpi({
  title,
  value,
  to,
  extra,
  danger,
}: {
  title: string;
  value: number;
  to: string;
  extra?: ReactNode;
  danger?: boolean;
}) {
  return (
    <Card size="small" className={styles.kpi}>
      <Link to={to} data-testid="hub-kpi">
        <Statistic
          title={title}
          value={value}
          styles={{ content: danger && value > 0 ? { color: '#cf1322' } : {} }}
        />
      </Link>
      {extra ? <Typography.Text type="secondary">{extra}</Typography.Text> : null}
    </Card>
  );
}

function RecoveryCard({ recovery }: { recovery: THubRecovery }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('hub.recoveryTitle', { days: recovery.days })}
      extra={
        <Typography.Text type="secondary">
          {t('hub.recoveryWindow', { from: recovery.from, to: recovery.to })}
        </Typography.Text>
      }
      data-testid={`hub-recovery-${recovery.days}`}
    >
      {recovery.sites === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hub.recoveryNone')} />
      ) : (
        <>
          <Typography.Paragraph>
            {t('hub.recoveryMean', { pct: `${(recovery.meanPct ?? 0).toFixed(1)} %`, sites: recovery.sites })}
          </Typography.Paragraph>
          <PartsBar
            parts={recovery.bands.map((b, k) => ({
              key: String(b.from),
              name: `${b.from}–${b.to} %`,
              count: b.count,
              color: RECOVERY_COLORS[k] ?? '#999',
              to: '/stationManage',
            }))}
          />
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {t('hub.worst')}
          </Typography.Text>
          <RowList
            items={recovery.worst}
            rowKey={(s) => s.stationId}
            extra={(s) => <Tag color={recoveryColor(s.recoveryPct)}>{s.recoveryPct.toFixed(1)} %</Tag>}
            render={(s) => (
              <Link to={siteLink(s.stationId, 'StasticAnalysis')}>
                {s.stationCode} · {s.projectName}
              </Link>
            )}
          />
        </>
      )}
    </Card>
  );
}

/**
 * The hub (/hub, issue 17): the fleet on one screen for a head of measurement — sites by status and
 * type, silence, recovery of the last 7 and 30 days, alarms, repairs, applications, reports, ingestion
 * and storage, every figure from the user's own sites and a link to the screen behind it. Refreshes
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
      <Col xs={12} md={8} xl={4}>
        <Kpi title={t('hub.kpi.sites')} value={data.stations.total} to="/stationManage" />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Kpi
          title={t('hub.kpi.silent', { days: data.silent.days })}
          value={data.silent.count}
          to="/stationManage"
          danger
          extra={`${t('hub.kpi.never')} ${data.silent.neverCount}`}
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Kpi
          title={t('hub.kpi.openAlarms')}
          value={data.alarms.open}
          to="/stationManage?status=1"
          danger
          extra={`${t('hub.kpi.unhandled')} ${data.alarms.unhandled}`}
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Kpi title={t('hub.kpi.repairs')} value={data.repairs.inProgress} to="/systemManage/repairList" />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Kpi
          title={data.applications.isReviewer ? t('hub.kpi.pendingReview') : t('hub.kpi.pendingMine')}
          value={data.applications.pending}
          to={
            data.applications.isReviewer && canReview
              ? '/systemManage/applyManage'
              : '/stationManage?applications=1'
          }
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Kpi
          title={t('hub.kpi.files24h')}
          value={data.ingestion.files}
          to="/stationManage"
          danger={data.ingestion.failed > 0}
          extra={`${t('hub.kpi.failed')} ${data.ingestion.failed}`}
        />
      </Col>

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
        <Card size="small" title={t('hub.alarmsByAge')}>
          <PartsBar
            parts={data.alarms.byAge.map((a, k) => ({
              key: a.key,
              name: a.name,
              count: a.count,
              color: ['#faad14', '#fa8c16', '#fa541c', '#cf1322'][k]!,
              to: '/stationManage?status=1',
            }))}
          />
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {t('hub.alarmsByType')}
          </Typography.Text>
          {data.alarms.byType.length === 0 ? (
            <Typography.Text type="secondary">{t('hub.none')}</Typography.Text>
          ) : (
            <Space wrap>
              {data.alarms.byType.map((a) => (
                <Link key={a.key} to="/stationManage?status=1">
                  <Tag color="red">
                    {a.name} {a.count}
                  </Tag>
                </Link>
              ))}
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Card size="small" title={t('hub.longestSilent')}>
          <RowList
            items={data.silent.longest}
            rowKey={(s) => s.stationId}
            empty={t('hub.none')}
            extra={(s) => <Tag color="volcano">{t('hub.silentFor', { days: s.silentDays })}</Tag>}
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
        <Card size="small" title={t('hub.reports')}>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.reports}
            locale={{ emptyText: t('hub.none') }}
            columns={[
              {
                key: 'group',
                title: t('hub.reports'),
                render: (_: unknown, r) => (
                  <Link to={`/report/groupReport/groupDetail/reportList?id=${r.groupId}`}>
                    {r.groupName} · {t(`hub.statementTypes.${r.statementType}`)}
                  </Link>
                ),
              },
              {
                key: 'period',
                title: t('hub.period'),
                // The server's label (Beijing dates, as the report list): the instants' UTC dates are a day early.
                dataIndex: 'statementDate',
              },
              {
                key: 'status',
                title: t('hub.generate'),
                render: (_: unknown, r) => (
                  <Tag color={r.status === 'success' ? 'green' : r.status === 'failure' ? 'red' : 'blue'}>
                    {r.statusName}
                  </Tag>
                ),
              },
              {
                key: 'delivery',
                title: t('hub.delivery'),
                render: (_: unknown, r) => (
                  <Tag color={r.delivery === 'sent' ? 'green' : r.delivery === 'failed' ? 'red' : 'default'}>
                    {r.deliveryName}
                  </Tag>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('hub.ingestion')} data-testid="hub-ingestion">
          <Row gutter={12}>
            <Col span={8}>
              <Statistic title={t('hub.parsed')} value={data.ingestion.parsed} />
            </Col>
            <Col span={8}>
              <Statistic title={t('hub.waiting')} value={data.ingestion.waiting} />
            </Col>
            <Col span={8}>
              <Statistic title={t('hub.values')} value={formatCount(data.ingestion.values)} />
            </Col>
          </Row>
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {t('hub.failures')}
          </Typography.Text>
          {data.ingestion.failures.length === 0 ? (
            <Typography.Text type="secondary">{t('hub.noFailures')}</Typography.Text>
          ) : (
            <RowList
              items={data.ingestion.failures}
              rowKey={(f, i) => `${f.reasonKey}-${i}`}
              extra={(f) => <Tag color="red">{f.count}</Tag>}
              render={(f) => f.reason || f.reasonKey}
            />
          )}
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {t('hub.storage')}
          </Typography.Text>
          <Space wrap size={16}>
            <span>
              {t('hub.rawFiles')}: {data.storage.rawFiles} · {formatBytes(data.storage.rawBytes)}
            </span>
            <span>
              {t('hub.storedValues')}: {formatCount(data.storage.storedValues)}
            </span>
            {data.storage.databaseBytes !== null ? (
              <span>
                {t('hub.database')}: {formatBytes(data.storage.databaseBytes)}
              </span>
            ) : null}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
