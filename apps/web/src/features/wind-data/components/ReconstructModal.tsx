import { EyeOutlined } from '@ant-design/icons';
import {
  RECONSTRUCT_DEFAULT_RADIUS_KM,
  RECONSTRUCT_METHODS,
  RECONSTRUCT_SOURCE_KINDS,
  type TReconstructPreview,
  type TVersionChannel,
  ZReconstructRequest,
} from '@masthub/shared';
import { Button, Checkbox, Divider, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleCol } from '../../../ui/form/RuleItem.tsx';
import { showFieldErrors } from '../../../ui/list/field-errors.ts';
import { previewReconstruct } from '../api.ts';
import { type ReconstructFormValues, toReconstructRequest } from '../requests.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import {
  hintedLabel,
  type ProcessingDialogProps,
  ProcessingModal,
  RangeFormItem,
  useProcessingForm,
} from './ProcessingModal.tsx';
import { ReconstructPreviewView } from './ReconstructPreview.tsx';

export interface ReconstructModalProps extends ProcessingDialogProps {
  channels: readonly TVersionChannel[];
}

const ELEMENTS = new Set(['ws', 'wd', 'T', 'p', 'RH']);
const PREFIX = 'measure-wind.reconstruct';

/**
 * 缺测重建 (issue 45 §1): the targets and the source options; "Preview" shows the gaps by channel and
 * length, the sources found per target with rank and skill, what would be filled and the cross-validated
 * error; "Start" queues the task, which the task list can undo.
 */
export function ReconstructModal({ channels, ...dialog }: ReconstructModalProps) {
  const { t } = useTranslation();
  const toRequest = (values: ReconstructFormValues) =>
    toReconstructRequest(values, dialog.versionId, dialog.utcCode);
  const { rule, frame } = useProcessingForm(ZReconstructRequest, toRequest);
  const [preview, setPreview] = useState<(TReconstructPreview & { failure: string | null }) | null>(null);
  const [isPreviewing, setPreviewing] = useState(false);
  const targets = channels.filter(
    (c) => ELEMENTS.has(c.element) && (c.statistic === 'avg' || c.statistic === 'mean'),
  );

  const runPreview = async () => {
    const values = await frame.form.validateFields().catch(() => undefined);
    if (!values) return;
    setPreviewing(true);
    try {
      setPreview(await previewReconstruct(toRequest(values)));
    } catch (error) {
      showFieldErrors(frame.form, error);
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <ProcessingModal
      name="mwReconstructForm"
      width={960}
      initialValues={{
        targetChannelIds: [],
        sourceKinds: [...RECONSTRUCT_SOURCE_KINDS],
        radiusKm: RECONSTRUCT_DEFAULT_RADIUS_KM,
        method: 'ols',
        sectors: 12,
        minR: 0.7,
        minConcurrentHours: 168,
      }}
      kind="reconstruct"
      {...dialog}
      {...frame}
    >
      <Row gutter={16}>
        <RuleCol xs={24} name="targetChannelIds" {...hintedLabel(t, PREFIX, 'targets')}>
          <ChannelSelect channels={targets} mode="multiple" allowClear data-testid="mw-reconstruct-targets" />
        </RuleCol>
        <RuleCol xs={24} md={14} name="sourceKinds" label={t(`${PREFIX}.sourceKinds`)} required>
          <Checkbox.Group
            data-testid="mw-reconstruct-kinds"
            options={RECONSTRUCT_SOURCE_KINDS.map((kind) => ({
              value: kind,
              label: t(`${PREFIX}.kinds.${kind}`),
            }))}
          />
        </RuleCol>
        <RuleCol xs={12} md={5} name="radiusKm" {...hintedLabel(t, PREFIX, 'radiusKm')}>
          <InputNumber min={1} max={500} style={{ width: '100%' }} />
        </RuleCol>
        <RuleCol xs={12} md={5} name="method" {...hintedLabel(t, PREFIX, 'method')}>
          <Select
            options={RECONSTRUCT_METHODS.map((method) => ({
              value: method,
              label: t(`${PREFIX}.methods.${method}`),
            }))}
          />
        </RuleCol>
        <RuleCol xs={8} name="sectors" {...hintedLabel(t, PREFIX, 'sectors')}>
          <InputNumber min={1} max={36} precision={0} style={{ width: '100%' }} />
        </RuleCol>
        <RuleCol xs={8} name="minR" {...hintedLabel(t, PREFIX, 'minR')}>
          <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} />
        </RuleCol>
        <RuleCol xs={8} name="minConcurrentHours" {...hintedLabel(t, PREFIX, 'minConcurrentHours')}>
          <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
        </RuleCol>
      </Row>
      <RangeFormItem rules={[rule('endTime')]} />
      <Divider style={{ margin: '8px 0' }} />
      <Button
        icon={<EyeOutlined />}
        loading={isPreviewing}
        onClick={() => void runPreview()}
        data-testid="mw-reconstruct-preview"
      >
        {t(`${PREFIX}.preview`)}
      </Button>
      <ReconstructPreviewView preview={preview} />
    </ProcessingModal>
  );
}
