import {
  SENSOR_REGISTER_TYPES,
  type TSensorRecord,
  type TSensorUpdateInput,
  ZSensorUpdateRequest,
} from '@masthub/shared';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useUpdateSensor } from './register-api.ts';

interface EditValues {
  sensorTypeId?: string;
  classification?: string;
  isHeated?: 'yes' | 'no' | 'unknown';
  notes?: string;
}

/** Edits what the register keeps of a sensor itself: type, classification, heated, notes. */
export function SensorEditModal({
  sensor,
  onClose,
}: {
  sensor: TSensorRecord | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateSensor();
  return (
    <SchemaFormModal<EditValues, TSensorUpdateInput>
      open={sensor !== undefined}
      name="sensorEdit"
      title={t('sensors.register.edit')}
      initialValues={{
        sensorTypeId: sensor?.sensorTypeId || undefined,
        classification: sensor?.classification ?? '',
        isHeated:
          sensor?.isHeated === null || sensor === undefined ? 'unknown' : sensor.isHeated ? 'yes' : 'no',
        notes: sensor?.notes ?? '',
      }}
      toRequest={(v) => ({
        id: sensor?.id ?? 0,
        sensorTypeId: (v.sensorTypeId ?? '') as TSensorUpdateInput['sensorTypeId'],
        classification: v.classification ?? '',
        isHeated: v.isHeated === 'unknown' || v.isHeated === undefined ? null : v.isHeated === 'yes',
        notes: v.notes ?? '',
      })}
      schema={ZSensorUpdateRequest}
      save={(request) => update.mutateAsync(request)}
      savedMessage={t('sensors.register.saved')}
      onClose={onClose}
    >
      {() => (
        <>
          <RuleItem name="sensorTypeId" label={t('sensors.register.type')}>
            <Select
              allowClear
              options={SENSOR_REGISTER_TYPES.map((value) => ({ value, label: t(`sensors.types.${value}`) }))}
            />
          </RuleItem>
          <RuleItem name="classification" label={t('sensors.register.classification')}>
            <Input maxLength={50} />
          </RuleItem>
          <RuleItem name="isHeated" label={t('sensors.register.heated')}>
            <Select
              options={(['unknown', 'yes', 'no'] as const).map((value) => ({
                value,
                label: t(`sensors.register.${value}`),
              }))}
            />
          </RuleItem>
          <RuleItem name="notes" label={t('sensors.register.notes')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </RuleItem>
        </>
      )}
    </SchemaFormModal>
  );
}
