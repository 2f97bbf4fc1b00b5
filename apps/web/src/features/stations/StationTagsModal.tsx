import type { TStationRecord } from '@masthub/shared';
import { Form, Modal, Select, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useSetStationTags, useTagOptions } from './api.ts';

interface StationTagsModalProps {
  station: TStationRecord | undefined;
  onClose: () => void;
}

/** Tags of one site (POST /web/station/tags); the per-site limit is the server's — its message is shown. */
export function StationTagsModal({ station, onClose }: StationTagsModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ tagIds: number[] }>();
  const { data: tags = [], isFetching } = useTagOptions(undefined, station !== undefined);
  const setTags = useSetStationTags();
  const colors = useMemo(() => new Map(tags.map((tag) => [tag.id, tag.color])), [tags]);
  // Disabled tags already on the site stay; new ones must be enabled (the server says the same).
  const options = useMemo(() => {
    const current = new Set(station?.tags.map((tag) => tag.id));
    return tags
      .filter((tag) => tag.status === 'enable' || current.has(tag.id))
      .map((tag) => ({
        value: tag.id,
        label: tag.parentName ? `${tag.parentName} / ${tag.name}` : tag.name,
      }));
  }, [tags, station]);

  const submit = async () => {
    if (!station) return;
    try {
      await setTags.mutateAsync({ stationId: station.id, tagIds: form.getFieldValue('tagIds') ?? [] });
      feedback.success(t('stations.tags.saved'));
      onClose();
    } catch {
      // The request layer showed the server's message (e.g. too many tags on one site).
    }
  };

  return (
    <Modal
      open={station !== undefined}
      title={t('stations.tags.title', { code: station?.stationCode ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('stations.actions.save')}
      confirmLoading={setTags.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('stations.tags.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="stationTags"
        initialValues={{ tagIds: station?.tags.map((tag) => tag.id) ?? [] }}
      >
        <Form.Item name="tagIds" label={t('stations.tags.label')}>
          <Select
            mode="multiple"
            allowClear
            loading={isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            placeholder={t('stations.form.choose')}
            tagRender={({ label, value, closable, onClose: close }) => (
              <Tag
                color={colors.get(value as number)}
                closable={closable}
                onClose={close}
                style={{ marginInlineEnd: 4 }}
              >
                {label}
              </Tag>
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
