import { type TVersionChannel, ZExtrapolationRequest } from '@masthub/shared';
import { Form, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol, RuleItem, translatedOptions } from '../../../ui/form/RuleItem.tsx';
import { type ExtrapolationFormValues, toExtrapolationRequest } from '../requests.utils.ts';
import { channelsOf } from '../wind-data.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import {
  type ProcessingDialogProps,
  ProcessingModal,
  RangeFormItem,
  useProcessingForm,
} from './ProcessingModal.tsx';

const MAX_SPEEDS = 12;

export interface ExtrapolationModalProps extends ProcessingDialogProps {
  channels: readonly TVersionChannel[];
}

/**
 * 垂直外推 (SPEC §5: target height an integer in (0, 500]): a speed series at a new height by the power
 * law, the shear exponent fitted from the measured heights overall, per hour of day or per sector.
 */
export function ExtrapolationModal({ channels, ...dialog }: ExtrapolationModalProps) {
  const { t } = useTranslation();
  const toRequest = (values: ExtrapolationFormValues) =>
    toExtrapolationRequest(values, dialog.versionId, dialog.utcCode);
  const { form, rule, frame } = useProcessingForm(ZExtrapolationRequest, toRequest);
  const shearMode = Form.useWatch('shearMode', form) ?? 'overall';
  const speeds = channelsOf(channels, 'ws', 'avg');
  const vanes = channelsOf(channels, 'wd', 'avg');
  // One cup per height by default: the first average of each height.
  const perHeight = speeds.filter(
    (channel, index) => speeds.findIndex((other) => other.heightM === channel.heightM) === index,
  );

  return (
    <ProcessingModal
      name="mwExtrapolationForm"
      initialValues={{
        channelIds: perHeight.slice(0, MAX_SPEEDS).map((channel) => channel.id),
        shearMode: 'overall',
        directionChannelId: vanes[0]?.id,
      }}
      kind="extrapolation"
      {...dialog}
      {...frame}
    >
      <RuleItem
        name="channelIds"
        label={t('measure-wind.extrapolation.speeds')}
        extra={t('measure-wind.extrapolation.speedsHint')}
        required
      >
        <ChannelSelect channels={speeds} mode="multiple" maxCount={MAX_SPEEDS} allowClear />
      </RuleItem>
      <Row gutter={16}>
        <RuleCol
          xs={12}
          md={8}
          name="targetHeight"
          label={t('measure-wind.extrapolation.targetHeight')}
          required
        >
          <InputNumber min={1} max={500} precision={0} suffix="m" style={{ width: '100%' }} />
        </RuleCol>
        <RuleCol xs={24} md={16} name="shearMode" label={t('measure-wind.extrapolation.shearMode')}>
          <Radio.Group
            optionType="button"
            options={translatedOptions(
              ['overall', 'hourly', 'sector'] as const,
              t,
              'measure-wind.extrapolation.shearModes',
            )}
          />
        </RuleCol>
      </Row>
      {shearMode === 'sector' ? (
        <RuleItem name="directionChannelId" label={t('measure-wind.extrapolation.directionChannel')} required>
          <ChannelSelect channels={vanes} />
        </RuleItem>
      ) : null}
      <RangeFormItem rules={[rule('endTime')]} />
    </ProcessingModal>
  );
}
