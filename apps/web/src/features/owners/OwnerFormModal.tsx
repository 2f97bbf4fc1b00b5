import { type TOwnerRecord, ZOwnerSaveRequest } from '@masthub/shared';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useZodRule } from '../../app/use-zod-rule.ts';
import { RequestError } from '../../request/request.ts';
import { useSaveOwner } from './api.ts';
import { type OwnerFormValues, toOwnerSaveRequest } from './owners.utils.ts';

interface OwnerFormModalProps {
  open: boolean;
  /** Undefined: create an owner. */
  owner: TOwnerRecord | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit an owner: name required (≤ 20, unique), phone and e-mail optional and checked (SPEC §5). */
export function OwnerFormModal({ open, owner, onClose, onSaved }: OwnerFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OwnerFormValues>();
  const rule = useZodRule({
    safeParse: (values: unknown) =>
      ZOwnerSaveRequest.safeParse(toOwnerSaveRequest(values as OwnerFormValues, owner?.id)),
  });
  const save = useSaveOwner();

  // The dialog mounts its form on every opening (destroyOnHidden), so initial values fill it.
  const initialValues: OwnerFormValues = owner
    ? { name: owner.name, phone: owner.phone ?? '', email: owner.email ?? '' }
    : {};

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await save.mutateAsync(toOwnerSaveRequest(values, owner?.id));
      feedback.success(t(owner ? 'system.common.saved' : 'registry.owner.created'));
      onSaved();
    } catch (error) {
      // The request layer showed the message; field errors (name taken…) go next to their fields.
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((field) => ({
            name: field.field as keyof OwnerFormValues,
            errors: [field.message],
          })),
        );
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t(owner ? 'registry.owner.form.editTitle' : 'registry.owner.form.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('system.common.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<OwnerFormValues>
        form={form}
        name="ownerForm"
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
      >
        <Form.Item name="name" label={t('registry.owner.fields.name')} rules={[rule('name')]} required>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('registry.owner.fields.phone')} rules={[rule('phone')]}>
          <Input autoComplete="off" placeholder={t('registry.common.phonePlaceholder')} />
        </Form.Item>
        <Form.Item name="email" label={t('registry.owner.fields.email')} rules={[rule('email')]}>
          <Input autoComplete="off" placeholder={t('registry.common.emailPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
