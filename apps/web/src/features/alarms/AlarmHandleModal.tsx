import {
  ALARM_HANDLE_MODES,
  ALARM_REASON_MAX,
  type TAlarmHandleMode,
  type TAlarmHandleRequest,
  ZAlarmHandleRequest,
} from '@masthub/shared';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useHandleAlarms } from './api.ts';

interface HandleValues {
  handleMode?: TAlarmHandleMode;
  reason?: string;
}

/** Handles one or several alarms at once (ignore, suspicious-focus, normal, request repair) with a reason. */
export function AlarmHandleModal({
  handling,
  onHandled,
  onClose,
}: {
  /** The alarms to handle; undefined: closed. */
  handling: number[] | undefined;
  onHandled: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const handle = useHandleAlarms();
  return (
    <SchemaFormModal<HandleValues, TAlarmHandleRequest>
      open={handling !== undefined}
      name="alarmHandleForm"
      title={t('alarms.handleTitle', { count: handling?.length ?? 0 })}
      initialValues={{ reason: '' }}
      toRequest={(values) => ({
        ids: handling ?? [],
        handleMode: values.handleMode as TAlarmHandleMode,
        reason: values.reason ?? '',
      })}
      schema={ZAlarmHandleRequest}
      save={(request) => handle.mutateAsync(request)}
      savedMessage={t('alarms.handled')}
      onSaved={onHandled}
      onClose={onClose}
    >
      {() => (
        <>
          <RuleItem name="handleMode" label={t('alarms.fields.handleMode')} required>
            <Select
              placeholder={t('system.common.choose')}
              options={ALARM_HANDLE_MODES.map((value) => ({ value, label: t(`alarms.statuses.${value}`) }))}
            />
          </RuleItem>
          <RuleItem name="reason" label={t('alarms.fields.reason')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={ALARM_REASON_MAX} />
          </RuleItem>
        </>
      )}
    </SchemaFormModal>
  );
}
