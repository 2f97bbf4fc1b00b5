import { LockOutlined } from '@ant-design/icons';
import { type TDatasetVersion, ZVersionCreate, ZVersionRename } from '@masthub/shared';
import { Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../browser/feedback.ts';
import { useRequestRule } from '../../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../../ui/list/field-errors.ts';
import { useCreateVersion, useRenameVersion } from '../api.ts';

interface VersionFormValues {
  name?: string;
  sourceVersionId?: number;
}

export interface VersionFormModalProps {
  /** 'create' copies a version into a new working version; 'rename' renames the current one. */
  mode: 'create' | 'rename' | undefined;
  stationId: number;
  version: TDatasetVersion;
  versions: readonly TDatasetVersion[];
  onClose: () => void;
  onCreated: (version: TDatasetVersion) => void;
}

/** New working version (a copy of any version of the site) or rename (SPEC §3 data version: name). */
export function VersionFormModal({
  mode,
  stationId,
  version,
  versions,
  onClose,
  onCreated,
}: VersionFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VersionFormValues>();
  const isCreate = mode === 'create';
  const toRequest = (values: VersionFormValues) =>
    isCreate
      ? { stationId, sourceVersionId: values.sourceVersionId, name: values.name ?? '' }
      : { id: version.id, name: values.name ?? '' };
  const rule = useRequestRule(isCreate ? ZVersionCreate : ZVersionRename, toRequest);
  const create = useCreateVersion(stationId);
  const rename = useRenameVersion(stationId);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      if (isCreate) {
        const created = await create.mutateAsync(ZVersionCreate.parse(toRequest(values)));
        feedback.success(t('measure-wind.version.created', { name: created.name }));
        onCreated(created);
      } else {
        await rename.mutateAsync(ZVersionRename.parse(toRequest(values)));
        feedback.success(t('measure-wind.version.renamed'));
      }
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={mode !== undefined}
      width={520}
      title={t(isCreate ? 'measure-wind.version.createTitle' : 'measure-wind.version.renameTitle')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      okButtonProps={{ loading: create.isPending || rename.isPending }}
      onOk={() => void submit()}
    >
      <Form<VersionFormValues>
        form={form}
        name="mwVersionForm"
        layout="vertical"
        preserve={false}
        initialValues={
          isCreate
            ? {
                sourceVersionId: version.id,
                name: t('measure-wind.version.defaultName', { name: version.name }),
              }
            : { name: version.name }
        }
      >
        {isCreate ? (
          <Form.Item
            name="sourceVersionId"
            label={t('measure-wind.version.source')}
            rules={[rule('sourceVersionId')]}
            required
          >
            <Select
              options={versions.map((candidate) => ({
                value: candidate.id,
                label: (
                  <Space size={4}>
                    {candidate.isViewOnly ? <LockOutlined /> : null}
                    {candidate.name}
                  </Space>
                ),
              }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="name" label={t('measure-wind.version.name')} rules={[rule('name')]} required>
          <Input autoComplete="off" maxLength={50} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
