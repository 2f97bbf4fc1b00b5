import { DownloadOutlined } from '@ant-design/icons';
import {
  TAB_BIN_CHOICES,
  type TDatasetVersion,
  type TVersionChannel,
  ZVersionExportRequest,
} from '@masthub/shared';
import { Button, DatePicker, Form, Modal, Radio, Row, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../request/request.ts';
import { RuleCol, RuleForm, RuleItem } from '../../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../../ui/form/record-form.ts';
import { useRequestRule } from '../../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../../ui/list/field-errors.ts';
import { exportVersion } from '../api.ts';
import {
  EXPORT_FORMATS,
  type ExportFormValues,
  exportFileName,
  exportHasSectors,
  exportNeedsSpeedAndDirection,
  toExportRequest,
} from '../requests.utils.ts';
import { channelsOf, type PickerRange } from '../wind-data.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import { RANGE_FORMAT } from './ProcessingModal.tsx';

export interface ExportModalProps extends DialogProps {
  version: TDatasetVersion;
  channels: readonly TVersionChannel[];
  selectedIds: readonly number[];
  /** The period the chart shows: offered as a one-click choice, never pre-filled (empty = all data). */
  shownRange: PickerRange | undefined;
  utcCode: string;
}

/**
 * Export a version (SPEC §9 formats: 0 raw data, 1 time series csv, 2 Meteodyn .tim, 3 WindSim .tws,
 * 4 Windographer .txt, 5 WAsP .tab; 6 Parquet, 7 Arrow; 8 WAsP .owc and 9 windIO energy resource, the wind
 * climates of flow models at the speed channel's height); .tim/.tws/.tab/.owc/.yaml write one speed and one
 * direction.
 */
export function ExportModal({
  open,
  version,
  channels,
  selectedIds,
  shownRange,
  utcCode,
  onClose,
}: ExportModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExportFormValues>();
  const toRequest = (values: ExportFormValues) => toExportRequest(values, version.id, utcCode);
  const rule = useRequestRule(ZVersionExportRequest, toRequest);
  const [isExporting, setExporting] = useState(false);
  const format = Form.useWatch('format', form) ?? 1;
  const needsPair = exportNeedsSpeedAndDirection(format);
  const speeds = channelsOf(channels, 'ws', 'avg');
  const vanes = channelsOf(channels, 'wd', 'avg');

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setExporting(true);
    try {
      const file = await exportVersion(toRequest(values));
      saveFile(file, exportFileName(version.name, values.format ?? 1));
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setExporting(false);
    }
  };

  const pairRule = { required: needsPair, message: t('measure-wind.export.pairRequired') };
  return (
    <Modal
      open={open}
      width={640}
      title={t('measure-wind.export.title', { name: version.name })}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('measure-wind.export.submit')}
      okButtonProps={{ icon: <DownloadOutlined />, loading: isExporting }}
      onOk={() => void submit()}
    >
      <RuleForm<ExportFormValues>
        rule={rule}
        form={form}
        name="mwExportForm"
        layout="vertical"
        preserve={false}
        initialValues={{
          format: 1,
          channelIds: [...selectedIds],
          speedChannelId: speeds[0]?.id,
          directionChannelId: vanes[0]?.id,
          includeSuspicious: true,
          tabSectors: 12,
          tabBins: 'edges',
        }}
      >
        <RuleItem name="format" label={t('measure-wind.export.format')} required>
          <Select
            options={EXPORT_FORMATS.map((entry) => ({
              value: entry.code,
              label: t(`measure-wind.export.formats.${entry.key}`),
            }))}
          />
        </RuleItem>
        {needsPair ? (
          <Row gutter={16}>
            {(
              [
                ['speedChannelId', 'speedChannel', speeds],
                ['directionChannelId', 'directionChannel', vanes],
              ] as const
            ).map(([name, labelKey, pairChannels]) => (
              <RuleCol
                rule={false}
                key={name}
                xs={24}
                md={12}
                name={name}
                label={t(`measure-wind.export.${labelKey}`)}
                rules={[pairRule]}
                required
              >
                <ChannelSelect channels={pairChannels} />
              </RuleCol>
            ))}
            {exportHasSectors(format) && (
              <RuleCol
                xs={24}
                md={12}
                name="tabSectors"
                label={t('measure-wind.export.tabSectors')}
                extra={format === 5 ? undefined : t('measure-wind.export.climateHint')}
              >
                <Radio.Group
                  optionType="button"
                  data-testid="export-tab-sectors"
                  options={[12, 16].map((n) => ({ value: n, label: String(n) }))}
                />
              </RuleCol>
            )}
            {format === 5 && (
              <RuleCol xs={24} md={12} name="tabBins" label={t('measure-wind.export.tabBins')}>
                <Select
                  data-testid="export-tab-bins"
                  options={TAB_BIN_CHOICES.map((key) => ({
                    value: key,
                    label: t(`measure-wind.export.tabBinChoices.${key}`),
                  }))}
                />
              </RuleCol>
            )}
          </Row>
        ) : (
          <RuleItem
            name="channelIds"
            label={t('measure-wind.export.channels')}
            extra={t('measure-wind.export.channelsHint')}
          >
            <ChannelSelect channels={channels} mode="multiple" allowClear maxTagCount="responsive" />
          </RuleItem>
        )}
        <Form.Item
          name="range"
          label={t('measure-wind.export.range')}
          extra={
            <Space size={4} wrap>
              {t('measure-wind.export.rangeHint')}
              {shownRange ? (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  data-testid="export-use-shown-range"
                  onClick={() => form.setFieldValue('range', shownRange)}
                >
                  {t('measure-wind.export.useShownRange', {
                    from: shownRange[0].format(RANGE_FORMAT),
                    to: shownRange[1].format(RANGE_FORMAT),
                  })}
                </Button>
              ) : null}
            </Space>
          }
          rules={[rule('endTime')]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={RANGE_FORMAT}
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="includeSuspicious"
          label={t('measure-wind.export.includeSuspicious')}
          extra={t('measure-wind.export.includeSuspiciousHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </RuleForm>
    </Modal>
  );
}
