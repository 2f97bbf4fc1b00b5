import { type TManufacturerRecord, ZManufacturerSaveRequest } from '@masthub/shared';
import { AutoComplete, Col, Form, Input, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useZodRule } from '../../app/use-zod-rule.ts';
import { RequestError } from '../../request/request.ts';
import { useDeviceTypes, useSaveManufacturer } from './api.ts';
import { type ManufacturerFormValues, toManufacturerSaveRequest } from './manufacturers.utils.ts';

interface ManufacturerFormModalProps {
  open: boolean;
  /** Undefined: create a manufacturer. */
  manufacturer: TManufacturerRecord | undefined;
  /** The device type a new manufacturer starts under (the one selected on the left). */
  defaultDeviceType?: string;
  onClose: () => void;
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
  const [form] = Form.useForm<ManufacturerFormValues>();
  const rule = useZodRule({
    safeParse: (values: unknown) =>
      ZManufacturerSaveRequest.safeParse(
        toManufacturerSaveRequest(values as ManufacturerFormValues, manufacturer?.id),
      ),
  });
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

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await save.mutateAsync(toManufacturerSaveRequest(values, manufacturer?.id));
      feedback.success(t(manufacturer ? 'system.common.saved' : 'registry.manufacturer.created'));
      onSaved();
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((field) => ({
            name: field.field as keyof ManufacturerFormValues,
            errors: [field.message],
          })),
        );
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t(
        manufacturer ? 'registry.manufacturer.form.editTitle' : 'registry.manufacturer.form.createTitle',
      )}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('system.common.save')}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<ManufacturerFormValues>
        form={form}
        name="manufacturerForm"
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="deviceType"
              label={t('registry.manufacturer.fields.deviceType')}
              rules={[rule('deviceType')]}
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
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('registry.manufacturer.fields.name')}
              rules={[rule('name')]}
              required
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="model" label={t('registry.manufacturer.fields.model')} rules={[rule('model')]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="contact"
              label={t('registry.manufacturer.fields.contact')}
              rules={[rule('contact')]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="telephone"
              label={t('registry.manufacturer.fields.telephone')}
              rules={[rule('telephone')]}
            >
              <Input autoComplete="off" placeholder={t('registry.common.phonePlaceholder')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="email" label={t('registry.manufacturer.fields.email')} rules={[rule('email')]}>
              <Input autoComplete="off" placeholder={t('registry.common.emailPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
