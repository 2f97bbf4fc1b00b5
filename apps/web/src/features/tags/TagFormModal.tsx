import { type TTagRecord, ZTagSaveRequest } from '@masthub/shared';
import { AutoComplete, ColorPicker, Form, Input, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useSaveTag, useTagGroups } from './api.ts';
import { DEFAULT_TAG_COLOR, TAG_COLOR_PRESETS, type TagFormValues, toTagSaveRequest } from './tags.utils.ts';

interface TagFormModalProps extends DialogProps {
  /** Undefined: create a tag. */
  tag: TTagRecord | undefined;
  onSaved: () => void;
}

/**
 * Create or edit a tag: unique name (≤ 20), colour, status and a group chosen from the existing ones or
 * typed (the server creates a new group; a group left without tags disappears).
 */
export function TagFormModal({ open, tag, onClose, onSaved }: TagFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagFormValues>();
  const { data: groups = [] } = useTagGroups();
  const save = useSaveTag();
  const name = Form.useWatch('name', form);
  const color = Form.useWatch('color', form);

  // The dialog mounts its form on every opening (destroyOnHidden), so initial values fill it.
  const initialValues: TagFormValues = tag
    ? { name: tag.name, color: tag.color, status: tag.status, parentName: tag.parentName ?? '' }
    : { color: DEFAULT_TAG_COLOR, status: 'enable', parentName: '' };

  return (
    <SchemaFormModal<TagFormValues, ReturnType<typeof toTagSaveRequest>>
      open={open}
      name="tagForm"
      title={t(tag ? 'registry.tag.form.editTitle' : 'registry.tag.form.createTitle')}
      form={form}
      initialValues={initialValues}
      toRequest={(values) => toTagSaveRequest(values, tag?.id)}
      schema={ZTagSaveRequest}
      save={(request) => save.mutateAsync(request)}
      savedMessage={t(tag ? 'system.common.saved' : 'registry.tag.created')}
      onSaved={() => onSaved()}
      onClose={onClose}
    >
      {() => (
        <>
          <RuleItem name="name" label={t('registry.tag.fields.name')} required>
            <Input autoComplete="off" />
          </RuleItem>
          <RuleItem
            name="parentName"
            label={t('registry.tag.fields.group')}
            extra={t('registry.tag.form.groupHelp')}
          >
            <AutoComplete
              allowClear
              placeholder={t('registry.tag.form.groupPlaceholder')}
              options={groups.map((group) => ({ value: group.name }))}
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.trim().toLowerCase()),
              }}
            />
          </RuleItem>
          <RuleItem
            name="color"
            label={t('registry.tag.fields.color')}
            getValueFromEvent={(value: { toHexString(): string }) => value.toHexString()}
            required
          >
            <ColorPicker
              disabledAlpha
              showText
              format="hex"
              presets={[{ label: t('registry.tag.form.presets'), colors: [...TAG_COLOR_PRESETS] }]}
            />
          </RuleItem>
          <Form.Item name="status" label={t('registry.tag.fields.status')}>
            <Radio.Group
              optionType="button"
              options={(['enable', 'disable'] as const).map((value) => ({
                value,
                label: t(`registry.tag.status.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('registry.tag.form.preview')}>
            <Tag color={color || DEFAULT_TAG_COLOR}>
              {name?.trim() || t('registry.tag.form.previewEmpty')}
            </Tag>
          </Form.Item>
        </>
      )}
    </SchemaFormModal>
  );
}
