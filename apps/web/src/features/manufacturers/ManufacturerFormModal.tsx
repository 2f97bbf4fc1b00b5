import { type TManufacturerRecord, ZManufacturerSaveRequest } from '@masthub/shared';
import { AutoComplete, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol } from '../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { SchemaItem } from '../../ui/list/SchemaItem.tsx';
import { useDeviceTypes, useSaveManufacturer } from './api.ts';
import { type ManufacturerFormValues, toManufacturerSaveRequest } from './manufacturers.utils.ts';

interface ManufacturerFormModalProps extends DialogProps {
  /** Undefined: create a manufacturer. */
  manufacturer: TManufacturerRecord | undefined;
  /** The device type a new manufacturer starts under (the one selected on the left). */
  defaultDeviceType?: string;
  onSaved: () => void;
}

/**
 * Create or edit a manufacturer (SPEC §5): device type and supplier name required; model, contact,
 * telephone and e-mail optional, telephone and e-mail checked. A device type typed new is created.
 */
export function ManufacturerFormModal({
  open,
  manufacturer,
  defaultDeviceType,
  onClose,
  onSaved,
}: ManufacturerFormModalProps) {
  const { t } = useTranslation();
  const { data: types = [] } = useDeviceTypes();
  const save = useSaveManufacturer();

  // The dialog mounts its form on every opening (destroyOnHidden), so initial values fill it.
  const initialValues: ManufacturerFormValues = manufacturer
    ? {
        deviceType: manufacturer.deviceType,
        name: manufacturer.name,
        model: manufacturer.model,
        contact: manufacturer.contact,
        telephone: manufacturer.telephone,
        email: manufacturer.email,
      }
    : { deviceType: defaultDeviceType ?? '' };

  return (
    <SchemaFormModal<ManufacturerFormValues, ReturnType<typeof toManufacturerSaveRequest>>
      open={open}
      name="manufacturerForm"
      title={t(
        manufacturer ? 'registry.manufacturer.form.editTitle' : 'registry.manufacturer.form.createTitle',
      )}
      width={640}
      initialValues={initialValues}
      toRequest={(values) => toManufacturerSaveRequest(values, manufacturer?.id)}
      schema={ZManufacturerSaveRequest}
      save={(request) => save.mutateAsync(request)}
      savedMessage={t(manufacturer ? 'system.common.saved' : 'registry.manufacturer.created')}
      onSaved={() => onSaved()}
      onClose={onClose}
    >
      {() => (
        <>
          <Row gutter={16}>
            <RuleCol
              span={12}
              name="deviceType"
              label={t('registry.manufacturer.fields.deviceType')}
              required
            >
              <AutoComplete
                placeholder={t('registry.manufacturer.form.deviceTypePlaceholder')}
                options={types.map((type) => ({ value: type.name }))}
                showSearch={{
                  filterOption: (input, option) =>
                    String(option?.value ?? '')
                      .toLowerCase()
                      .includes(input.trim().toLowerCase()),
                }}
              />
            </RuleCol>
            <SchemaItem span={12} name="name" label={t('registry.manufacturer.fields.name')} required />
            <SchemaItem span={12} name="model" label={t('registry.manufacturer.fields.model')} />
            <SchemaItem span={12} name="contact" label={t('registry.manufacturer.fields.contact')} />
            <SchemaItem
              span={12}
              name="telephone"
              label={t('registry.manufacturer.fields.telephone')}
              placeholder={t('registry.common.phonePlaceholder')}
            />
            <SchemaItem
              span={12}
              name="email"
              label={t('registry.manufacturer.fields.email')}
              placeholder={t('registry.common.emailPlaceholder')}
            />
          </Row>
        </>
      )}
    </SchemaFormModal>
  );
}
