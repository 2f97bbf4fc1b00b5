import { type TManufacturerSaveRequest, ZManufacturerSaveRequest } from '@masthub/shared';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useSaveManufacturer } from './api.ts';
import { toDeviceTypeSaveRequest } from './manufacturers.utils.ts';

/** A device type to create (no id) or rename. */
export interface DeviceTypeEdit {
  id?: number;
  name: string;
}

interface DeviceTypeModalProps {
  edit: DeviceTypeEdit | undefined;
  onClose: () => void;
  /** After a save, with the type's id (a new type gets selected). */
  onSaved: (id: number) => void;
}

interface DeviceTypeFormValues {
  deviceType?: string;
}

/** Create or rename a device type: name required (≤ 20) and unique. */
export function DeviceTypeModal({ edit, onClose, onSaved }: DeviceTypeModalProps) {
  const { t } = useTranslation();
  const save = useSaveManufacturer();
  return (
    <SchemaFormModal<DeviceTypeFormValues, TManufacturerSaveRequest, { deviceTypeId: number }>
      open={edit !== undefined}
      name="deviceTypeForm"
      title={t(
        edit?.id === undefined
          ? 'registry.manufacturer.types.createTitle'
          : 'registry.manufacturer.types.renameTitle',
      )}
      initialValues={{ deviceType: edit?.name ?? '' }}
      toRequest={(values) => toDeviceTypeSaveRequest(values.deviceType, edit?.id)}
      schema={ZManufacturerSaveRequest}
      save={(request) => save.mutateAsync(request)}
      onSaved={(reply) => onSaved(reply.deviceTypeId)}
      onClose={onClose}
      // The form has one field: every server field error is about it.
      mapField={() => 'deviceType'}
    >
      {() => (
        <RuleItem name="deviceType" label={t('registry.manufacturer.fields.deviceType')} required>
          <Input autoComplete="off" />
        </RuleItem>
      )}
    </SchemaFormModal>
  );
}
