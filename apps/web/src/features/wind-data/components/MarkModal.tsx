import { type TVersionChannel, ZMarkCreate } from '@masthub/shared';
import { DatePicker, Form, Input, Modal, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../browser/feedback.ts';
import { useRequestRule } from '../../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../../ui/list/field-errors.ts';
import { useSaveMark } from '../api.ts';
import { type MarkFormValues, toMarkRequest } from '../requests.utils.ts';
import { FLAG_TAG_COLORS, flagName, MARK_FLAG_ORDER, type PickerRange } from '../wind-data.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import { RANGE_FORMAT } from './ProcessingModal.tsx';

/** What the dialog opens with: from a chart brush, the table's selected rows or the page's range. */
export interface MarkDraft {
  channelIds: number[];
  range: PickerRange | undefined;
}

export interface MarkModalProps {
  draft: MarkDraft | undefined;
  versionId: number;
  channels: readonly TVersionChannel[];
  utcCode: string;
  onClose: () => void;
  /** After the mark was stored (the page clears its row selection). */
  onSaved?: () => void;
}

/** 数据标记 (SPEC §4): set normal / suspicious / icing / invalid on channels over a time range. */
export function MarkModal({ draft, versionId, channels, utcCode, onClose, onSaved }: MarkModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MarkFormValues>();
  const toRequest = (values: MarkFormValues) => toMarkRequest(values, versionId, utcCode);
  const rule = useRequestRule(ZMarkCreate, toRequest);
  const save = useSaveMark();

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const mark = await save.mutateAsync(ZMarkCreate.parse(toRequest(values)));
      feedback.success(
        typeof mark?.changedCount === 'number'
          ? t('measure-wind.mark.savedCount', { count: mark.changedCount })
          : t('measure-wind.mark.saved'),
      );
      onSaved?.();
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={draft !== undefined}
      width={640}
      title={t('measure-wind.mark.title')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('measure-wind.mark.submit')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => void submit()}
    >
      <Form<MarkFormValues>
        form={form}
        name="mwMarkForm"
        layout="vertical"
        preserve={false}
        initialValues={{ channelIds: draft?.channelIds ?? [], range: draft?.range, flag: 2, note: '' }}
      >
        <Form.Item
          name="channelIds"
          label={t('measure-wind.mark.channels')}
          rules={[rule('channelIds')]}
          required
        >
          <ChannelSelect channels={channels} mode="multiple" allowClear maxTagCount="responsive" />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('measure-wind.mark.range')}
          extra={t('measure-wind.mark.rangeHint')}
          rules={[{ required: true, message: t('measure-wind.mark.rangeRequired') }, rule('endTime')]}
          required
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={RANGE_FORMAT}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="flag" label={t('measure-wind.mark.flag')} rules={[rule('flag')]} required>
          <Select
            options={MARK_FLAG_ORDER.map((flag) => ({
              value: flag,
              label: (
                <Tag color={FLAG_TAG_COLORS[flagName(flag)]} style={{ marginInlineEnd: 0 }}>
                  {t(`measure-wind.flags.${flagName(flag)}`)}
                </Tag>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('measure-wind.mark.note')} rules={[rule('note')]}>
          <Input.TextArea maxLength={50} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
