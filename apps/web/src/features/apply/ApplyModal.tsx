import {
  APPLY_FILE_TYPE_NAMES,
  APPLY_LINK_DAYS_DEFAULT,
  APPLY_MAX_SITES,
  APPLY_REASON_MAX,
  APPLY_VERSION_MODE_NAMES,
  APPLY_VERSION_MODES,
  type TApplySave,
  type TApplyVersionMode,
  ZApplySave,
} from '@masthub/shared';
import { Alert, DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useSaveApplication } from './api.ts';

interface ApplyFormValues {
  fileType?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  versionMode: TApplyVersionMode;
  applyReason: string;
  toAddr: string;
}

/** The form's values as the request: whole days of the user's calendar, start of the first to end of the last. */
export function toApplyRequest(stationIds: readonly number[], values: ApplyFormValues): Partial<TApplySave> {
  const [from, to] = values.range ?? [null, null];
  return {
    stationIds: [...stationIds],
    ...(values.fileType === undefined ? {} : { fileType: values.fileType }),
    ...(from ? { startTime: from.startOf('day').toISOString() } : {}),
    ...(to ? { endTime: to.endOf('day').toISOString() } : {}),
    versionMode: values.versionMode,
    applyReason: values.applyReason ?? '',
    toAddr: values.toAddr ?? '',
  };
}

/**
 * Download application from the site list (SPEC §2, §3, §5): the sites picked, the file type (raw files
 * or one of the SPEC §9 export formats), the period, the version, the reason (≤ 50) and the delivery
 * address. Every rule is the shared schema's; the server checks the sites against the user's rights.
 */
export function ApplyModal({
  stationIds,
  onClose,
}: {
  /** The picked sites; undefined: closed. */
  stationIds: readonly number[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const save = useSaveApplication();
  const ids = stationIds ?? [];
  return (
    <SchemaFormModal<ApplyFormValues, Partial<TApplySave>, { id: number }>
      open={stationIds !== undefined}
      name="applyForm"
      title={t('apply.applyTitle', { count: ids.length })}
      width={560}
      initialValues={{ versionMode: 'original', applyReason: '', toAddr: '', fileType: 1, range: null }}
      toRequest={(values) => toApplyRequest(ids, values)}
      schema={ZApplySave}
      save={(request) => save.mutateAsync(request as TApplySave)}
      savedMessage={t('apply.submitted')}
      onClose={onClose}
      okText={t('apply.open')}
      mapField={(field) => (field === 'startTime' || field === 'endTime' ? 'range' : field)}
    >
      {({ rule }) => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('apply.applyHint', { days: APPLY_LINK_DAYS_DEFAULT })}
          />
          {ids.length > APPLY_MAX_SITES ? (
            <Typography.Text type="danger">
              {t('stations.rawDownload.tooMany', { max: APPLY_MAX_SITES })}
            </Typography.Text>
          ) : null}
          <RuleItem name="fileType" label={t('apply.fields.fileType')} required>
            <Select
              options={Object.entries(APPLY_FILE_TYPE_NAMES).map(([code, name]) => ({
                value: Number(code),
                label: name[language],
              }))}
            />
          </RuleItem>
          <Form.Item
            name="range"
            label={t('apply.fields.timeScope')}
            rules={[rule('startTime'), rule('endTime')]}
            required
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <RuleItem name="versionMode" label={t('apply.fields.versionMode')}>
            <Select
              options={APPLY_VERSION_MODES.map((mode) => ({
                value: mode,
                label: APPLY_VERSION_MODE_NAMES[mode][language],
              }))}
            />
          </RuleItem>
          <RuleItem name="applyReason" label={t('apply.fields.applyReason')} required>
            <Input.TextArea
              rows={2}
              showCount={{ formatter: ({ count }) => `${count} / ${APPLY_REASON_MAX}` }}
            />
          </RuleItem>
          <RuleItem name="toAddr" label={t('apply.fields.toAddr')} extra={t('apply.fields.toAddrHint')}>
            <Input autoComplete="email" />
          </RuleItem>
        </>
      )}
    </SchemaFormModal>
  );
}
