import { EditOutlined } from '@ant-design/icons';
import type { TFormField, TStationRecord } from '@masthub/shared';
import { Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionButton, useCan } from '../../ui/PermissionButton.tsx';
import { useFormatDate, useFormatDateTime } from '../../ui/use-date-time.ts';
import { useStationId } from '../../ui/use-station-id.ts';
import { RawFilesCard, SiteDataCard } from '../ingestion/index.ts';
import { LongTermConvergenceCard } from '../longterm/index.ts';
import { LastReceiptsCard } from '../receipts/index.ts';
import { AttachmentsCard, PasswordRecordsCard, RemoteSensingCard } from '../station-assets/index.ts';
import {
  StationFormModal,
  StationStatusTag,
  StationTagList,
  useStationDetail,
  useStationFields,
} from '../stations/index.ts';

/** The shown value of one edit-form field of a site (names rather than ids). */
function useFieldValue() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (field: TFormField, station: TStationRecord): ReactNode => {
    const none = <Typography.Text type="secondary">{t('stations.detail.none')}</Typography.Text>;
    const text = (value: string | number | null | undefined) =>
      value === null || value === undefined || value === '' ? none : String(value);
    switch (field.key) {
      case 'status':
        return <StationStatusTag status={station.status} name={station.statusName} />;
      case 'stationType':
        return text(station.stationTypeName);
      case 'regionCode':
        return text(station.province);
      case 'ownerPartyId':
        return text(station.ownerPartyName);
      case 'manufacturerId':
        return text([station.deviceTypeName, station.manufacturerIdName].filter(Boolean).join(' / '));
      case 'dataAdminId':
        return text(station.dataAdminName);
      case 'loggerUtcOffset':
        return text(field.options?.find((o) => o.value === station.loggerUtcOffset)?.label);
      case 'warnType':
        return text(station.warnTypeName);
      case 'warnStatus':
        return text(station.warnStatusName);
      case 'tagIds':
        return station.tags.length > 0 ? <StationTagList tags={station.tags} /> : none;
      default: {
        const value = (station as unknown as Record<string, unknown>)[field.key];
        if (field.type === 'date') return text(formatDate(value as string | null));
        if (Array.isArray(value))
          return value.length > 0 ? value.join(field.type === 'dateRange' ? ' ~ ' : ', ') : none;
        return text(value as string | number | null);
      }
    }
  };
}

/**
 * The StationInfo tab (SPEC §2): the site's fields, the long-term convergence of its campaign, attachments, password records, its data (upload with
 * recognition, data range, parse rule, manual pull) and raw files with their parse status.
 */
export function StationInfoPage() {
  const { t } = useTranslation();
  const stationId = useStationId();
  const formatDateTime = useFormatDateTime();
  const { data: station, isPending } = useStationDetail(stationId);
  const { data: fieldSet } = useStationFields();
  const fieldValue = useFieldValue();
  const canEdit = useCan('station.edit');
  const [isEditing, setEditing] = useState(false);
  if (stationId === undefined) return null;
  if (isPending || !station) return <Skeleton active />;

  const fields = fieldSet?.edit ?? [];
  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        title={t('stations.detail.fields')}
        extra={
          <PermissionButton feature="station.edit" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('stations.actions.edit')}
          </PermissionButton>
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            ...fields.map((field) => ({
              key: field.key,
              label: field.title,
              span: field.type === 'textarea' || field.type === 'tags' ? ('filled' as const) : undefined,
              children: fieldValue(field, station),
            })),
            { key: 'creator', label: t('stations.detail.creator'), children: station.creatorName ?? '' },
            {
              key: 'createTime',
              label: t('stations.detail.createTime'),
              children: formatDateTime(station.createTime),
            },
          ]}
        />
      </Card>
      <RemoteSensingCard stationId={stationId} />
      <LongTermConvergenceCard stationId={stationId} />
      <AttachmentsCard stationId={stationId} />
      {canEdit ? <PasswordRecordsCard stationId={stationId} /> : null}
      <SiteDataCard stationId={stationId} parseRuleId={station?.parseRuleId ?? null} />
      <LastReceiptsCard stationId={stationId} />
      <RawFilesCard stationId={stationId} />
      <StationFormModal open={isEditing} mode="edit" station={station} onClose={() => setEditing(false)} />
    </Flex>
  );
}
