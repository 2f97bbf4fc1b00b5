import { type TRoleRecord, type TRoleSaveRequest, ZRoleSaveRequest } from '@masthub/shared';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useZodRule } from '../../app/use-zod-rule.ts';
import { RequestError } from '../../request/request.ts';
import { useSaveRole } from './api.ts';

interface RoleFormModalProps {
  open: boolean;
  role: TRoleRecord | undefined;
  onClose: () => void;
  /** After a save, with the role's id (a new role goes on to its rights). */
  onSaved: (id: number, isNew: boolean) => void;
}

/** Create or rename a role: name required (≤ 20, unique), description ≤ 50. */
export function RoleFormModal({ open, role, onClose, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TRoleSaveRequest>();
  const rule = useZodRule(ZRoleSaveRequest);
  const save = useSaveRole();

  // The form mounts afresh on every opening (destroyOnHidden), so its values come from initialValues:
  // setFieldsValue in an effect would run before the form is connected and be lost.
  const initialValues = role ? { name: role.name, description: role.description } : undefined;

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const reply = await save.mutateAsync({ ...values, ...(role ? { id: role.id } : {}) });
      feedback.success(t('system.common.saved'));
      onSaved(reply.id, role === undefined);
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((field) => ({
            name: field.field as keyof TRoleSaveRequest,
            errors: [field.message],
          })),
        );
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t(role ? 'system.role.form.editTitle' : 'system.role.form.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('system.common.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<TRoleSaveRequest>
        form={form}
        name="roleForm"
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
      >
        <Form.Item name="name" label={t('system.role.fields.name')} rules={[rule('name')]} required>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('system.role.fields.description')}
          rules={[rule('description')]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
