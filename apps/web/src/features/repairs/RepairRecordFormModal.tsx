import { type TRepairRecord, type TRepairRecordSaveInput, ZRepairRecordSaveRequest } from '@masthub/shared';
import { DatePicker, Input } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { SensorSelect } from '../sensors/index.ts';
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
              sensorIds: editing.sensors.map((sensor) => sensor.id),
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
        sensorIds: v.sensorIds ?? [],
      })}
      schema={ZRepairRecordSaveRequest}
      save={(request) => save.mutateAsync(ZRepairRecordSaveRequest.parse(request))}
      savedMessage={t('repairs.records.saved')}
      onClose={onClose}
    >
      {() => (
        <>
          <RuleItem name="faultType" label={t('repairs.records.faultType')} required>
            <Input maxLength={50} placeholder={t('repairs.records.faultTypePlaceholder')} />
          </RuleItem>
          <RuleItem name="faultDesc" label={t('repairs.records.faultDesc')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
          </RuleItem>
          <RuleItem name="faultStart" label={t('repairs.records.faultStart')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </RuleItem>
          <RuleItem name="maintainResult" label={t('repairs.records.maintainResult')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
          </RuleItem>
          <RuleItem name="maintainStaff" label={t('repairs.records.maintainStaff')}>
            <Input maxLength={50} />
          </RuleItem>
          <RuleItem name="maintainDate" label={t('repairs.records.maintainDate')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </RuleItem>
          <RuleItem name="endTime" label={t('repairs.records.endTime')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </RuleItem>
          <RuleItem name="sensorIds" label={t('sensors.register.repairSensors')}>
            <SensorSelect stationId={stationId} />
          </RuleItem>
        </>
      )}
    </SchemaFormModal>
  );
}
