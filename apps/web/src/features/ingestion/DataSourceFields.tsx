import { FolderOpenOutlined } from '@ant-design/icons';
import {
  SMTP_DEFAULT_PORTS,
  SMTP_SECURITIES,
  type TDataSourceRecord,
  type TSmtpSecurity,
} from '@masthub/shared';
import { Button, Col, Divider, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RuleCol, RuleItem, SwitchCol, translatedOptions } from '../../ui/form/RuleItem.tsx';
import { PROTOCOLS_BY_TYPE } from './ingestion.utils.ts';

/** A data-source field's label and the help below it: `ingestion.ds.<key>` and `ingestion.ds.<key>Help`. */
function useHelpedLabel() {
  const { t } = useTranslation();
  return (key: string) => ({ label: t(`ingestion.ds.${key}`), extra: t(`ingestion.ds.${key}Help`) });
}

const PORT_INPUT = { min: 1, max: 65535, precision: 0, style: { width: '100%' } } as const;

/** The connection of a data source: name, protocol, server, account, folder, schedule. */
export function ConnectionFields({
  record,
  fetchType,
  onBrowse,
}: {
  record: TDataSourceRecord | undefined;
  fetchType: 'email' | 'ftp';
  onBrowse: () => void;
}) {
  const { t } = useTranslation();
  const helped = useHelpedLabel();
  const isEmail = fetchType === 'email';
  return (
    <Row gutter={16}>
      <RuleCol xs={24} md={12} name="name" label={t('ingestion.ds.name')} required>
        <Input autoComplete="off" maxLength={50} />
      </RuleCol>
      <RuleCol xs={12} md={6} name="fetchType" label={t('ingestion.ds.fetchType')} required>
        <Select options={translatedOptions(['email', 'ftp'] as const, t, 'ingestion.source')} />
      </RuleCol>
      <RuleCol xs={12} md={6} name="protocol" label={t('ingestion.ds.protocol')} required>
        <Select
          options={PROTOCOLS_BY_TYPE[fetchType].map((value) => ({
            value,
            label: value.toUpperCase(),
          }))}
        />
      </RuleCol>
      <RuleCol xs={24} md={12} name="host" label={t('ingestion.ds.host')} required>
        <Input autoComplete="off" />
      </RuleCol>
      <RuleCol xs={12} md={6} name="port" label={t('ingestion.ds.port')}>
        <InputNumber {...PORT_INPUT} />
      </RuleCol>
      <SwitchCol xs={12} md={6} name="isSsl" label={t('ingestion.ds.ssl')} />
      <RuleCol
        xs={24}
        md={12}
        name="username"
        label={t(isEmail ? 'ingestion.ds.usernameEmail' : 'ingestion.ds.usernameFtp')}
        required
      >
        <Input autoComplete="off" />
      </RuleCol>
      <RuleCol
        xs={24}
        md={12}
        name="password"
        label={t(isEmail ? 'ingestion.ds.passwordEmail' : 'ingestion.ds.passwordFtp')}
        required={!record}
        extra={record ? t('ingestion.ds.passwordKeep') : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </RuleCol>
      <Col xs={24} md={12}>
        <Form.Item label={t(isEmail ? 'ingestion.ds.folderEmail' : 'ingestion.ds.folderFtp')}>
          <Space.Compact style={{ width: '100%' }}>
            <RuleItem name="folder" noStyle>
              <Input autoComplete="off" placeholder={isEmail ? 'INBOX' : '/'} />
            </RuleItem>
            <Button
              icon={<FolderOpenOutlined />}
              onClick={() => {
                if (!record) feedback.warning(t('ingestion.ds.dirsSaveFirst'));
                else onBrowse();
              }}
            >
              {t('ingestion.ds.browse')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Col>
      <RuleCol xs={12} md={8} name="intervalMinutes" {...helped('interval')}>
        <InputNumber min={1} max={10080} precision={0} style={{ width: '100%' }} />
      </RuleCol>
      <SwitchCol xs={12} md={4} name="isEnabled" label={t('ingestion.ds.enabled')} />
    </Row>
  );
}

/** The SMTP server an inbox sends its repair mails through (e-mail sources only). */
export function SmtpFields({
  record,
  smtpSecurity,
}: {
  record: TDataSourceRecord | undefined;
  smtpSecurity: TSmtpSecurity;
}) {
  const { t } = useTranslation();
  const helped = useHelpedLabel();
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('ingestion.ds.smtpTitle')}
      </Divider>
      <Row gutter={16}>
        <RuleCol xs={24} md={12} name="smtpHost" {...helped('smtpHost')}>
          <Input autoComplete="off" placeholder="smtp.example.com" />
        </RuleCol>
        <RuleCol xs={12} md={6} name="smtpSecurity" label={t('ingestion.ds.smtpSecurity')}>
          <Select options={translatedOptions(SMTP_SECURITIES, t, 'ingestion.ds.smtpSecurities')} />
        </RuleCol>
        <RuleCol xs={12} md={6} name="smtpPort" label={t('ingestion.ds.port')}>
          <InputNumber {...PORT_INPUT} placeholder={String(SMTP_DEFAULT_PORTS[smtpSecurity])} />
        </RuleCol>
        <RuleCol xs={24} md={12} name="smtpUsername" {...helped('smtpUsername')}>
          <Input autoComplete="off" />
        </RuleCol>
        <RuleCol
          xs={24}
          md={12}
          name="smtpPassword"
          label={t('ingestion.ds.smtpPassword')}
          extra={
            record?.hasSmtpPassword ? t('ingestion.ds.passwordKeep') : t('ingestion.ds.smtpPasswordHelp')
          }
        >
          <Input.Password autoComplete="new-password" />
        </RuleCol>
      </Row>
    </>
  );
}
