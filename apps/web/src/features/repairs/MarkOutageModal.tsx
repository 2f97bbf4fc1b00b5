import type { TRepairRecord } from '@masthub/shared';
import { Alert, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useSaveMark, useVersionChannels, useVersions } from '../wind-data/index.ts';

const INVALID_FLAG = 3;

/**
 * After a repair: mark the outage (fault start → repair end) invalid in a working version, every
 * channel, with the repair as the note — an ordinary mark, undone like any other on the MeasureWind tab.
 */
export function MarkOutageModal({
  stationId,
  record,
  onClose,
}: {
  stationId: number;
  record?: TRepairRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const versions = useVersions(record ? stationId : undefined);
  const working = (versions.data ?? []).filter((v) => v.kind === 'working');
  const [versionId, setVersionId] = useState<number>();
  const chosen = versionId ?? working[0]?.id;
  const channels = useVersionChannels(record ? chosen : undefined);
  const mark = useSaveMark();
  const start = record?.faultStart ?? record?.createTime ?? null;
  const end = record?.endTime ?? null;

  const submit = async () => {
    if (!record || chosen === undefined || !start || !end) return;
    const channelIds = (channels.data ?? []).map((c) => c.id);
    if (channelIds.length === 0) return;
    await mark.mutateAsync({
      versionId: chosen,
      channelIds,
      startTime: start,
      endTime: end,
      flag: INVALID_FLAG,
      note: t('repairs.records.markNote', { id: record.id }).slice(0, 50),
    });
    feedback.success(t('repairs.records.marked'));
    onClose();
  };

  return (
    <Modal
      open={record !== undefined}
      title={t('repairs.records.markTitle')}
      okText={t('repairs.records.markOk')}
      cancelText={t('repairs.records.markSkip')}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: working.length === 0 || !start || !end, loading: mark.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('repairs.records.markText', { start: formatDateTime(start), end: formatDateTime(end) })}
      </Typography.Paragraph>
      {working.length === 0 ? (
        <Alert type="info" showIcon title={t('repairs.records.noWorkingVersion')} />
      ) : (
        <Select
          style={{ width: '100%' }}
          value={chosen}
          onChange={setVersionId}
          options={working.map((v) => ({ value: v.id, label: v.name }))}
          data-testid="repair-mark-version"
        />
      )}
    </Modal>
  );
}
