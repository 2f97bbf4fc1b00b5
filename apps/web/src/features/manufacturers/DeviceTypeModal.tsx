import { ZManufacturerSaveRequest } from '@masthub/shared';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useZodRule } from '../../app/use-zod-rule.ts';
import { RequestError } from '../../request/request.ts';
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
  const [form] = Form.useForm<DeviceTypeFormValues>();
  const rule = useZodRule({
    safeParse: (values: unknown) =>
      ZManufacturerSaveRequest.safeParse(
        toDeviceTypeSaveRequest((values as DeviceTypeFormValues).deviceType, edit?.id),
      ),
  });
  const save = useSaveManufacturer();

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const reply = await save.mutateAsync(toDeviceTypeSaveRequest(values.deviceType, edit?.id));
      feedback.success(t('system.common.saved'));
      onSaved(reply.deviceTypeId);
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(error.fields.map((field) => ({ name: 'deviceType', errors: [field.message] })));
      }
    }
  };

  return (
    <Modal
      open={edit !== undefined}
      title={t(
        edit?.id === undefined
          ? 'registry.manufacturer.types.createTitle'
          : 'registry.manufacturer.types.renameTitle',
      )}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('system.common.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<DeviceTypeFormValues>
        form={form}
        name="deviceTypeForm"
        layout="vertical"
        preserve={false}
        initialValues={{ deviceType: edit?.name ?? '' }}
      >
        <Form.Item
          name="deviceType"
          label={t('registry.manufacturer.fields.deviceType')}
          rules={[rule('deviceType')]}
          required
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
