import { type TRepairRecord, type TRepairRecordSaveInput, ZRepairRecordSaveRequest } from '@masthub/shared';
import { DatePicker, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useSaveRepairRecord } from './api.ts';
import { fromPicker, type RecordValues, toPicker } from './repair-record-form.ts';

/** Adds a repair record by hand (`editing` null) or edits one. */
export function RepairRecordFormModal({
  stationId,
  editing,
  onClose,
}: {
  stationId: number;
  /** undefined: closed; null: a new record. */
  editing: TRepairRecord | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveRepairRecord();
  return (
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
      onClose={onClose}
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
  );
}
