import { type TRepairRecord, type TRepairRecordCloseInput, ZRepairRecordCloseRequest } from '@masthub/shared';
import { DatePicker, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useCloseRepairRecord } from './api.ts';
import { fromPicker, type RecordValues, toPicker } from './repair-record-form.ts';

/** Closes a repair record with the maintainer's result (the site returns to normal, its alarms close). */
export function RepairCloseModal({
  closing,
  onClosed,
  onClose,
}: {
  closing: TRepairRecord | undefined;
  onClosed: (record: TRepairRecord) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = useCloseRepairRecord();
  return (
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
      onSaved={onClosed}
      onClose={onClose}
    >
      {() => (
        <>
          <Typography.Paragraph type="secondary">{t('repairs.records.closeHint')}</Typography.Paragraph>
          <RuleItem name="maintainResult" label={t('repairs.records.maintainResult')} required>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
          </RuleItem>
          <RuleItem name="maintainStaff" label={t('repairs.records.maintainStaff')} required>
            <Input maxLength={50} />
          </RuleItem>
          <RuleItem name="maintainDate" label={t('repairs.records.maintainDate')} required>
            <DatePicker showTime style={{ width: '100%' }} />
          </RuleItem>
          <RuleItem name="endTime" label={t('repairs.records.endTime')} required>
            <DatePicker showTime style={{ width: '100%' }} />
          </RuleItem>
        </>
      )}
    </SchemaFormModal>
  );
}
