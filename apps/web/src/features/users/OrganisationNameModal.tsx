import { ZCompanySaveRequest, ZGroupSaveRequest } from '@masthub/shared';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RequestError } from '../../request/request.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { type OrgSaveInput, useSaveOrganisation } from './api.ts';

export interface OrganisationEdit {
  kind: OrgSaveInput['kind'];
  id?: number;
  companyId?: number;
  /** The company a new department goes into (shown in the title). */
  companyName?: string;
  name: string;
}

interface OrganisationNameModalProps {
  edit: OrganisationEdit | undefined;
  onClose: () => void;
}

/** Add or rename a company or department (SPEC §5: name required, at most 20 characters). */
export function OrganisationNameModal({ edit, onClose }: OrganisationNameModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const companyRule = useZodRule(ZCompanySaveRequest);
  const groupRule = useZodRule(ZGroupSaveRequest);
  const save = useSaveOrganisation();
  const isCompany = edit?.kind === 'company';
  const rule = isCompany ? companyRule : groupRule;

  // The form mounts afresh on every opening (destroyOnHidden): its value comes from initialValues.

  const title = !edit
    ? ''
    : edit.id !== undefined
      ? t(isCompany ? 'system.org.renameCompany' : 'system.org.renameGroup')
      : isCompany
        ? t('system.org.addCompany')
        : t('system.org.addGroupTo', { company: edit.companyName ?? '' });

  const submit = async () => {
    if (!edit) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const { name } = values;
    try {
      await save.mutateAsync({ kind: edit.kind, id: edit.id, companyId: edit.companyId, name: name.trim() });
      feedback.success(t('system.common.saved'));
      onClose();
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields([{ name: 'name', errors: error.fields.map((field) => field.message) }]);
      }
    }
  };

  return (
    <Modal
      open={edit !== undefined}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('system.common.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="organisationForm"
        layout="vertical"
        preserve={false}
        initialValues={{ name: edit?.name ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label={t(isCompany ? 'system.org.companyName' : 'system.org.groupName')}
          rules={[rule('name')]}
          required
        >
          <Input autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
