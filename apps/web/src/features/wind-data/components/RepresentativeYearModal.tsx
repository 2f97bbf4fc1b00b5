import {
  type TDatasetVersion,
  type TProcessingTask,
  type TVersionChannel,
  ZRepresentativeYearRequest,
} from '@masthub/shared';
import { Form, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol, translatedOptions } from '../../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../../ui/form/record-form.ts';
import { type RepresentativeYearFormValues, toRepresentativeYearRequest } from '../requests.utils.ts';
import { channelsOf } from '../wind-data.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import { ProcessingModal, useProcessingForm } from './ProcessingModal.tsx';
import {
  clearBelowChangedReference,
  PeriodsList,
  ReferenceFields,
  useReferenceChoices,
} from './RepresentativeYearFields.tsx';

export interface RepresentativeYearModalProps extends DialogProps {
  stationId: number;
  version: TDatasetVersion;
  channels: readonly TVersionChannel[];
  onStarted: (task: TProcessingTask) => void;
}

/**
 * 代表年 (SPEC §5: at most 3 periods, start year before end year): keep the best 12 consecutive months
 * or the average year of up to three periods, optionally corrected to the long term with a reference
 * series (another version, e.g. of a nearby station).
 */
export function RepresentativeYearModal({
  stationId,
  version,
  channels,
  ...dialog
}: RepresentativeYearModalProps) {
  const { t } = useTranslation();
  const toRequest = (values: RepresentativeYearFormValues) => toRepresentativeYearRequest(values, version.id);
  const { form, frame } = useProcessingForm(ZRepresentativeYearRequest, toRequest);
  const method = Form.useWatch('method', form) ?? 'best';
  const { hasReference, ...reference } = useReferenceChoices(form, stationId);

  const speeds = channelsOf(channels, 'ws', 'avg');
  const lastYear = version.endTime ? new Date(version.endTime).getUTCFullYear() : new Date().getFullYear();

  return (
    <ProcessingModal kind="representative_year" {...dialog} {...frame} width={720}>
      <Form<RepresentativeYearFormValues>
        form={form}
        name="mwRepresentativeYearForm"
        layout="vertical"
        initialValues={{
          method: 'best',
          speedChannelId: speeds[0]?.id,
          periods: [{ startYear: lastYear - 1, endYear: lastYear }],
          hasReference: false,
          referenceStationId: stationId,
        }}
        onValuesChange={(changed: Partial<RepresentativeYearFormValues>) =>
          clearBelowChangedReference(form, changed)
        }
      >
        <Row gutter={16}>
          <RuleCol xs={24} md={12} name="method" label={t('measure-wind.representativeYear.method')} required>
            <Radio.Group
              optionType="button"
              options={translatedOptions(
                ['best', 'average'] as const,
                t,
                'measure-wind.representativeYear.methods',
              )}
            />
          </RuleCol>
          <RuleCol
            xs={24}
            md={12}
            name="speedChannelId"
            label={t('measure-wind.representativeYear.speedChannel')}
            required
          >
            <ChannelSelect channels={speeds} />
          </RuleCol>
        </Row>
        {method === 'average' ? <PeriodsList lastYear={lastYear} /> : null}
        <Form.Item
          name="hasReference"
          label={t('measure-wind.representativeYear.reference')}
          valuePropName="checked"
          extra={t('measure-wind.representativeYear.referenceHint')}
        >
          <Switch />
        </Form.Item>
        {hasReference ? <ReferenceFields {...reference} /> : null}
      </Form>
    </ProcessingModal>
  );
}
