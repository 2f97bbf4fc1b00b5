import { type TVersionChannel, ZInterpolationRequest } from '@masthub/shared';
import { InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol } from '../../../ui/form/RuleItem.tsx';
import { type InterpolationFormValues, toInterpolationRequest } from '../requests.utils.ts';
import { channelsOf } from '../wind-data.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import {
  hintedLabel,
  type ProcessingDialogProps,
  ProcessingModal,
  RangeFormItem,
  useProcessingForm,
} from './ProcessingModal.tsx';

export interface InterpolationModalProps extends ProcessingDialogProps {
  channels: readonly TVersionChannel[];
  /** The channels selected on the page: the first becomes the target. */
  selectedIds: readonly number[];
}

/**
 * 线性最小二乘插补 (SPEC §9): the target's missing and invalid values are filled from a predictor channel
 * through y = a·x + b fitted on concurrent valid pairs, when there are enough pairs and r is high enough.
 */
export function InterpolationModal({ channels, selectedIds, ...dialog }: InterpolationModalProps) {
  const { t } = useTranslation();
  const toRequest = (values: InterpolationFormValues) =>
    toInterpolationRequest(values, dialog.versionId, dialog.utcCode);
  const { rule, frame } = useProcessingForm(ZInterpolationRequest, toRequest);
  const speeds = channelsOf(channels, 'ws', 'avg');
  const targetId = selectedIds[0] ?? speeds[0]?.id;
  const target = channels.find((channel) => channel.id === targetId);
  const predictor = channels.find(
    (channel) =>
      channel.id !== targetId &&
      channel.element === target?.element &&
      channel.statistic === target.statistic,
  );

  return (
    <ProcessingModal
      name="mwInterpolationForm"
      initialValues={{
        targetChannelId: targetId,
        predictorChannelId: predictor?.id,
        minPairs: 144,
        minR: 0.8,
      }}
      kind="interpolation"
      {...dialog}
      {...frame}
    >
      <Row gutter={16}>
        <RuleCol
          xs={24}
          md={12}
          name="targetChannelId"
          label={t('measure-wind.interpolation.target')}
          required
        >
          <ChannelSelect channels={channels} />
        </RuleCol>
        <RuleCol
          xs={24}
          md={12}
          name="predictorChannelId"
          label={t('measure-wind.interpolation.predictor')}
          dependencies={['targetChannelId']}
          required
        >
          <ChannelSelect channels={channels} />
        </RuleCol>
        <RuleCol xs={12} name="minPairs" {...hintedLabel(t, 'measure-wind.interpolation', 'minPairs')}>
          <InputNumber min={10} max={100_000} precision={0} style={{ width: '100%' }} />
        </RuleCol>
        <RuleCol xs={12} name="minR" {...hintedLabel(t, 'measure-wind.interpolation', 'minR')}>
          <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} />
        </RuleCol>
      </Row>
      <RangeFormItem rules={[rule('endTime')]} />
    </ProcessingModal>
  );
}
