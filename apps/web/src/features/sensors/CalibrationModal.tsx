import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type TCalibration, type TSensorIdentityInput, ZCalibrationSaveRequest } from '@masthub/shared';
import { Button, Col, DatePicker, Flex, Form, Input, InputNumber, Modal, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RequestError } from '../../request/request.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { useSaveCalibration } from './calibration-api.ts';

interface TValues {
  slope: number | null;
  offset: number | null;
  sensitivity: number | null;
  dateOfCalibration: Dayjs | null;
  calibrationOrganisation: string;
  placeOfCalibration: string;
  calibrationId: string;
  revision: string;
  reportFileName: string;
  reportLink: string;
  measurementTypeId: string;
  uncertaintyKFactor: number | null;
  calibrationUncertainty: {
    referenceBin: number | null;
    referenceUnit: string;
    combinedUncertainty: number | null;
  }[];
  notes: string;
}

/** Who the calibration is for: a registered sensor, a sensor a channel names, or the one edited. */
export type TCalibrationTarget =
  | { kind: 'sensor'; sensorId: number }
  | { kind: 'identity'; sensor: TSensorIdentityInput }
  | { kind: 'edit'; calibration: TCalibration };

function toRequest(values: TValues, target: TCalibrationTarget) {
  return {
    ...values,
    dateOfCalibration: values.dateOfCalibration ? values.dateOfCalibration.format('YYYY-MM-DD') : null,
    ...(target.kind === 'sensor' ? { sensorId: target.sensorId } : {}),
    ...(target.kind === 'identity' ? { sensor: target.sensor } : {}),
    ...(target.kind === 'edit' ? { id: target.calibration.id } : {}),
  };
}

function initialValues(target: TCalibrationTarget | undefined): Partial<TValues> {
  if (target?.kind !== 'edit') return { measurementTypeId: 'wind_speed', calibrationUncertainty: [] };
  const c = target.calibration;
  return {
    ...c,
    dateOfCalibration: c.dateOfCalibration ? dayjs(c.dateOfCalibration) : null,
  };
}

/** Add a calibration by hand (the Task 43 calibration fields) or edit one typed by hand. */
export function CalibrationModal({
  target,
  onClose,
  onSaved,
}: {
  target: TCalibrationTarget | undefined;
  onClose: () => void;
  onSaved?: (sensorId: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TValues>();
  const save = useSaveCalibration();
  const rule = useRequestRule<TValues>(ZCalibrationSaveRequest, (values) =>
    toRequest(values, target ?? { kind: 'sensor', sensorId: 1 }),
  );

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const saved = await save.mutateAsync(toRequest(values, target));
      feedback.success(t('calibrations.drawer.saved'));
      onSaved?.(saved.sensorId);
      onClose();
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((field) => ({ name: field.field.split('.') as never, errors: [field.message] })),
        );
      }
    }
  };

  const number = (name: keyof TValues, step = 0.0001) => (
    <Form.Item name={name} label={t(`calibrations.form.${name}`)} rules={[rule(name)]}>
      <InputNumber style={{ width: '100%' }} step={step} stringMode={false} />
    </Form.Item>
  );
  const text = (name: keyof TValues) => (
    <Form.Item name={name} label={t(`calibrations.form.${name}`)} rules={[rule(name)]}>
      <Input />
    </Form.Item>
  );

  return (
    <Modal
      open={target !== undefined}
      title={t(target?.kind === 'edit' ? 'calibrations.form.editTitle' : 'calibrations.form.addTitle')}
      width={760}
      destroyOnHidden
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(target)}
        data-calibration-form
      >
        <Row gutter={12}>
          <Col span={8}>{number('slope', 0.00001)}</Col>
          <Col span={8}>{number('offset')}</Col>
          <Col span={8}>{number('sensitivity')}</Col>
          <Col span={8}>
            <Form.Item
              name="dateOfCalibration"
              label={t('calibrations.form.dateOfCalibration')}
              rules={[rule('dateOfCalibration')]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>{text('calibrationOrganisation')}</Col>
          <Col span={8}>{text('placeOfCalibration')}</Col>
          <Col span={8}>{text('calibrationId')}</Col>
          <Col span={8}>{text('revision')}</Col>
          <Col span={8}>{text('measurementTypeId')}</Col>
          <Col span={8}>{text('reportFileName')}</Col>
          <Col span={8}>{text('reportLink')}</Col>
          <Col span={8}>{number('uncertaintyKFactor', 1)}</Col>
        </Row>
        <Form.Item label={t('calibrations.form.uncertainty')}>
          <Form.List name="calibrationUncertainty">
            {(rows, { add, remove }) => (
              <Flex vertical gap={4}>
                {rows.map((row) => (
                  <Flex key={row.key} gap={8} align="center">
                    <Form.Item name={[row.name, 'referenceBin']} noStyle>
                      <InputNumber placeholder={t('calibrations.form.referenceBin')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'referenceUnit']} noStyle>
                      <Input placeholder={t('calibrations.form.referenceUnit')} style={{ width: 100 }} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'combinedUncertainty']} noStyle>
                      <InputNumber
                        placeholder={t('calibrations.form.combinedUncertainty')}
                        style={{ width: 180 }}
                      />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(row.name)} />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ referenceBin: null, referenceUnit: 'm/s', combinedUncertainty: null })}
                >
                  {t('calibrations.form.addRow')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="notes" label={t('calibrations.form.notes')} rules={[rule('notes')]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
