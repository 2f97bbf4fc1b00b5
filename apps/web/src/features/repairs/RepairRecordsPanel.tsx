import {
  type TRepairRecord,
  type TRepairRecordCloseInput,
  type TRepairRecordSaveInput,
  ZRepairRecordCloseRequest,
  ZRepairRecordSaveRequest,
} from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Alert, DatePicker, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { utcOffsetMinutes, wallTimeToIso } from '../../app/date-time.ts';
import { feedback } from '../../app/feedback.ts';
import { ListPage } from '../../app/list/ListPage.tsx';
import { SchemaFormModal } from '../../app/list/SchemaFormModal.tsx';
import { PermissionButton, useCan } from '../../app/PermissionButton.tsx';
import type { FitColumn } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { readUtcCode } from '../../request/request.ts';
import { useSaveMark, useVersionChannels, useVersions } from '../measure-wind/api.ts';
import { useCloseRepairRecord, useRepairRecordPage, useSaveRepairRecord } from './api.ts';

const INVALID_FLAG = 3;

/** An instant (ISO) as the picker's value, in the user's time zone. */
function toPicker(value: string | null | undefined): Dayjs | undefined {
  if (!value) return undefined;
  // The picker edits wall time: the instant as the user's clock shows it.
  return dayjs(dayjs.utc(value).utcOffset(utcOffsetMinutes(readUtcCode())).format('YYYY-MM-DD HH:mm:ss'));
}

/** A picked wall time as an ISO instant in the user's time zone (null when empty). */
function fromPicker(value: Dayjs | null | undefined): string | null {
  return value ? wallTimeToIso(value.format('YYYY-MM-DD HH:mm:ss'), readUtcCode()) : null;
}

function useRecordPage(values: Record<string, unknown>, pageNo: number) {
  return useRepairRecordPage({ pageNo, pageSize: PAGE_SIZE, stationId: values['stationId'] as number });
}

interface RecordValues {
  faultType?: string;
  faultDesc?: string;
  faultStart?: Dayjs;
  maintainResult?: string;
  maintainStaff?: string;
  maintainDate?: Dayjs;
  endTime?: Dayjs;
}

/**
 * The repair records of a site (SPEC §3 repair record): opened by a repair request (or by hand),
 * closed with the maintainer's result — which returns the site to normal and closes its alarms — and
 * then the offer to mark the outage in a working version as invalid, with the repair as the reason.
 */
export function RepairRecordsPanel({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [editing, setEditing] = useState<TRepairRecord | null>();
  const [closing, setClosing] = useState<TRepairRecord>();
  const [marking, setMarking] = useState<TRepairRecord>();
  const save = useSaveRepairRecord();
  const close = useCloseRepairRecord();
  const canMark = useCan('data.process');

  const columns: FitColumn<TRepairRecord>[] = [
    {
      key: 'status',
      dataIndex: 'statusName',
      title: t('repairs.records.status'),
      width: 100,
      render: (name: string, r) => <Tag color={r.isClosed ? 'green' : 'blue'}>{name}</Tag>,
    },
    {
      key: 'faultType',
      dataIndex: 'faultType',
      title: t('repairs.records.faultType'),
      width: 120,
      wrap: true,
    },
    {
      key: 'faultDesc',
      dataIndex: 'faultDesc',
      title: t('repairs.records.faultDesc'),
      width: 200,
      wrap: true,
    },
    {
      key: 'faultStart',
      dataIndex: 'faultStart',
      title: t('repairs.records.faultStart'),
      width: 110,
      wrap: true,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      key: 'maintainResult',
      dataIndex: 'maintainResult',
      title: t('repairs.records.maintainResult'),
      width: 200,
      wrap: true,
    },
    {
      key: 'maintainStaff',
      dataIndex: 'maintainStaff',
      title: t('repairs.records.maintainStaff'),
      width: 100,
    },
    {
      key: 'maintainDate',
      dataIndex: 'maintainDate',
      title: t('repairs.records.maintainDate'),
      width: 110,
      wrap: true,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      key: 'endTime',
      dataIndex: 'endTime',
      title: t('repairs.records.endTime'),
      width: 110,
      wrap: true,
      render: (v: string | null) => formatDateTime(v),
    },
    { key: 'alarmCount', dataIndex: 'alarmCount', title: t('repairs.records.alarmCount'), width: 80 },
  ];

  return (
    <>
      <ListPage<TRepairRecord>
        bare
        usePage={useRecordPage}
        baseValues={{ stationId }}
        columns={columns}
        editor={{
          feature: 'repair.edit',
          createLabel: t('repairs.records.add'),
          open: (record) => setEditing(record),
        }}
        actions={{
          width: 150,
          extra: (record) =>
            record.isClosed ? null : (
              <PermissionButton
                feature="repair.edit"
                type="link"
                size="small"
                data-testid="repair-close"
                onClick={() => setClosing(record)}
              >
                {t('repairs.records.close')}
              </PermissionButton>
            ),
        }}
      />
      <SchemaFormModal<RecordValues, TRepairRecordSaveInput>
        open={editing !== undefined}
        name="repairRecordForm"
        title={editing ? t('repairs.records.edit') : t('repairs.records.add')}
        initialValues={
          editing
            ? {
                faultType: editing.faultType,
                faultDesc: editing.faultDesc,
                faultStart: toPicker(editing.faultStart),
                maintainResult: editing.maintainResult,
                maintainStaff: editing.maintainStaff,
                maintainDate: toPicker(editing.maintainDate),
                endTime: toPicker(editing.endTime),
              }
            : { faultStart: dayjs() }
        }
        toRequest={(v) => ({
          ...(editing ? { id: editing.id } : {}),
          stationId,
          faultType: v.faultType ?? '',
          faultDesc: v.faultDesc ?? '',
          faultStart: fromPicker(v.faultStart),
          maintainResult: v.maintainResult ?? '',
          maintainStaff: v.maintainStaff ?? '',
          maintainDate: fromPicker(v.maintainDate),
          endTime: fromPicker(v.endTime),
        })}
        schema={ZRepairRecordSaveRequest}
        save={(request) => save.mutateAsync(ZRepairRecordSaveRequest.parse(request))}
        savedMessage={t('repairs.records.saved')}
        onSaved={() => setEditing(undefined)}
        onClose={() => setEditing(undefined)}
      >
        {({ rule }) => (
          <>
            <Form.Item
              name="faultType"
              label={t('repairs.records.faultType')}
              rules={[rule('faultType')]}
              required
            >
              <Input maxLength={50} placeholder={t('repairs.records.faultTypePlaceholder')} />
            </Form.Item>
            <Form.Item name="faultDesc" label={t('repairs.records.faultDesc')} rules={[rule('faultDesc')]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
            </Form.Item>
            <Form.Item name="faultStart" label={t('repairs.records.faultStart')} rules={[rule('faultStart')]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="maintainResult"
              label={t('repairs.records.maintainResult')}
              rules={[rule('maintainResult')]}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
            </Form.Item>
            <Form.Item
              name="maintainStaff"
              label={t('repairs.records.maintainStaff')}
              rules={[rule('maintainStaff')]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="maintainDate"
              label={t('repairs.records.maintainDate')}
              rules={[rule('maintainDate')]}
            >
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="endTime" label={t('repairs.records.endTime')} rules={[rule('endTime')]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
      </SchemaFormModal>
      <SchemaFormModal<RecordValues, TRepairRecordCloseInput, TRepairRecord>
        open={closing !== undefined}
        name="repairCloseForm"
        title={t('repairs.records.closeTitle')}
        okText={t('repairs.records.close')}
        initialValues={{
          maintainResult: closing?.maintainResult ?? '',
          maintainStaff: closing?.maintainStaff ?? '',
          maintainDate: toPicker(closing?.maintainDate) ?? dayjs(),
          endTime: toPicker(closing?.endTime) ?? dayjs(),
        }}
        toRequest={(v) => ({
          id: closing?.id ?? 0,
          maintainResult: v.maintainResult ?? '',
          maintainStaff: v.maintainStaff ?? '',
          maintainDate: fromPicker(v.maintainDate) ?? '',
          endTime: fromPicker(v.endTime) ?? '',
        })}
        schema={ZRepairRecordCloseRequest}
        save={(request) => close.mutateAsync(ZRepairRecordCloseRequest.parse(request))}
        savedMessage={t('repairs.records.closed')}
        onSaved={(reply) => {
          setClosing(undefined);
          if (canMark) setMarking(reply);
        }}
        onClose={() => setClosing(undefined)}
      >
        {({ rule }) => (
          <>
            <Typography.Paragraph type="secondary">{t('repairs.records.closeHint')}</Typography.Paragraph>
            <Form.Item
              name="maintainResult"
              label={t('repairs.records.maintainResult')}
              rules={[rule('maintainResult')]}
              required
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
            </Form.Item>
            <Form.Item
              name="maintainStaff"
              label={t('repairs.records.maintainStaff')}
              rules={[rule('maintainStaff')]}
              required
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="maintainDate"
              label={t('repairs.records.maintainDate')}
              rules={[rule('maintainDate')]}
              required
            >
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="endTime" label={t('repairs.records.endTime')} rules={[rule('endTime')]} required>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
      </SchemaFormModal>
      <MarkOutageModal stationId={stationId} record={marking} onClose={() => setMarking(undefined)} />
    </>
  );
}

/**
 * After a repair: mark the outage (fault start → repair end) invalid in a working version, every
 * channel, with the repair as the note — an ordinary mark, undone like any other on the MeasureWind tab.
 */
function MarkOutageModal({
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
