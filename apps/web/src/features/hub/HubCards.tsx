import type { THubOverview, THubRecovery } from '@masthub/shared';
import { Card, Col, Empty, Flex, Row, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowList } from '../../ui/list/RowList.tsx';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { formatBytes } from '../apply/index.ts';
import { RECOVERY_COLORS, recoveryColor } from '../statistics/index.ts';
import styles from './HubPage.module.css';

export const siteLink = (stationId: number, tab = 'StationInfo') =>
  `/StationDetail/${tab}?stationId=${stationId}`;

function formatCount(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)} G`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)} M`;
  if (value >= 1e4) return `${(value / 1e3).toFixed(0)} k`;
  return String(value);
}

/** A horizontal bar of parts, each a link to the list behind it. */
export function PartsBar({
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

export const TYPE_COLORS = ['#1677ff', '#13c2c2', '#722ed1', '#eb2f96'];

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

export function RecoveryCard({ recovery }: { recovery: THubRecovery }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('hub.recoveryTitle', { count: recovery.days })}
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
            {t('hub.recoveryMean', { pct: `${(recovery.meanPct ?? 0).toFixed(1)} %`, count: recovery.sites })}
          </Typography.Paragraph>
          {/* Recovery before/after (issue 45 §1): both figures always, each labelled. */}
          <Space size={[16, 4]} wrap style={{ marginBottom: 12 }} data-testid="hub-recovery-both">
            <Statistic
              title={t('hub.recoveryMeasured')}
              value={(recovery.meanPct ?? 0).toFixed(1)}
              suffix="%"
              data-testid="hub-recovery-measured"
            />
            <Statistic
              title={t('hub.recoveryAfter')}
              value={(recovery.meanAfterPct ?? 0).toFixed(1)}
              suffix="%"
              data-testid="hub-recovery-after"
            />
            <Typography.Text type="secondary">
              {recovery.filledSites > 0
                ? t('hub.recoveryFilled', { count: recovery.filledSites })
                : t('hub.recoveryFilledNone')}
            </Typography.Text>
          </Space>
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
            extra={(s) => (
              <Tag
                color={recoveryColor(s.recoveryPct)}
                title={t('hub.recoveryPair', {
                  measured: `${s.recoveryPct.toFixed(1)} %`,
                  after: `${s.recoveryAfterPct.toFixed(1)} %`,
                })}
              >
                {s.recoveryPct.toFixed(1)} %
                {s.recoveryAfterPct !== s.recoveryPct ? ` → ${s.recoveryAfterPct.toFixed(1)} %` : ''}
              </Tag>
            )}
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

/** The six headline figures, each a link to the screen behind it. */
export function HubKpis({ data, canReview }: { data: THubOverview; canReview: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={12} md={8} xl={4}>
        <Kpi title={t('hub.kpi.sites')} value={data.stations.total} to="/stationManage" />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Kpi
          title={t('hub.kpi.silent', { count: data.silent.days })}
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
    </>
  );
}

/** Open alarms by age and by type. */
export function HubAlarmsCard({ alarms }: { alarms: THubOverview['alarms'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('hub.alarmsByAge')}>
      <PartsBar
        parts={alarms.byAge.map((a, k) => ({
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
      {alarms.byType.length === 0 ? (
        <Typography.Text type="secondary">{t('hub.none')}</Typography.Text>
      ) : (
        <Space wrap>
          {alarms.byType.map((a) => (
            <Link key={a.key} to="/stationManage?status=1">
              <Tag color="red">
                {a.name} {a.count}
              </Tag>
            </Link>
          ))}
        </Space>
      )}
    </Card>
  );
}

/** The latest group reports, their generation and delivery. */
export function HubReportsCard({ reports }: { reports: THubOverview['reports'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('hub.reports')}>
      <WholeTable
        rowKey="id"
        dataSource={reports}
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
  );
}

/** Files of the last 24 h, why the failed ones failed, and what storage holds. */
export function HubIngestionCard({
  ingestion,
  storage,
}: {
  ingestion: THubOverview['ingestion'];
  storage: THubOverview['storage'];
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('hub.ingestion')} data-testid="hub-ingestion">
      <Row gutter={12}>
        <Col span={8}>
          <Statistic title={t('hub.parsed')} value={ingestion.parsed} />
        </Col>
        <Col span={8}>
          <Statistic title={t('hub.waiting')} value={ingestion.waiting} />
        </Col>
        <Col span={8}>
          <Statistic title={t('hub.values')} value={formatCount(ingestion.values)} />
        </Col>
      </Row>
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        {t('hub.failures')}
      </Typography.Text>
      {ingestion.failures.length === 0 ? (
        <Typography.Text type="secondary">{t('hub.noFailures')}</Typography.Text>
      ) : (
        <RowList
          items={ingestion.failures}
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
          {t('hub.rawFiles')}: {storage.rawFiles} · {formatBytes(storage.rawBytes)}
        </span>
        <span>
          {t('hub.storedValues')}: {formatCount(storage.storedValues)}
        </span>
        {storage.databaseBytes !== null ? (
          <span>
            {t('hub.database')}: {formatBytes(storage.databaseBytes)}
          </span>
        ) : null}
      </Space>
    </Card>
  );
}
