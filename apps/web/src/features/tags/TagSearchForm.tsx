import type { TTagGroup } from '@masthub/shared';
import { Button, Form, type FormInstance, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TagFilters } from './tags.utils.ts';

/** The tag filters: name, group and status, with search and reset. */
export function TagSearchForm({
  form,
  groups,
  onSearch,
  onReset,
}: {
  form: FormInstance<TagFilters>;
  groups: readonly TTagGroup[];
  onSearch: (filters: TagFilters) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form<TagFilters>
      form={form}
      name="tagSearch"
      layout="inline"
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={onSearch}
    >
      <Form.Item name="keywords" label={t('registry.tag.fields.name')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="groupId" label={t('registry.tag.fields.group')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          placeholder={t('system.common.all')}
          options={groups.map((group) => ({ value: group.id, label: group.name }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('registry.tag.fields.status')}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('system.common.all')}
          options={(['enable', 'disable'] as const).map((value) => ({
            value,
            label: t(`registry.tag.status.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('system.common.search')}
          </Button>
          <Button onClick={onReset}>{t('system.common.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
