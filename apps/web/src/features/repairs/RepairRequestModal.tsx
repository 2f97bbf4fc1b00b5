import {
  REPAIR_REASON_MAX,
  type TRepairReply,
  type TRepairRequest,
  type TRepairVerifyReply,
  ZRepairRequest,
} from '@masthub/shared';
import { Alert, Button, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RequestError } from '../../request/request.ts';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useContacts, useMyCarbonCopy, useRequestRepair, useSenders, verifyRepair } from './api.ts';
import { ContactsModal } from './ContactsModal.tsx';

interface RepairValues {
  dataSourceId?: number;
  reason?: string;
  ccEmails?: string[];
}

export interface RepairTarget {
  stationIds: number[];
  /** From the Alarm tab: the alarms handled as "request repair" (their period goes into the e-mail). */
  alarmIds?: number[];
  /** The reason the dialog opens with. */
  reason?: string;
}

/**
 * One-click repair (SPEC §2 site list; §5 "a repair request needs at least one site with a repair
 * e-mail"; §8 the verification's refusal is a warning): checks the selection with repair_verify, then
 * sends one repair e-mail per site through the chosen sender, copying the site's cc addresses, the
 * user's own and any picked from the address book.
 */
export function RepairRequestModal({ target, onClose }: { target?: RepairTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [verified, setVerified] = useState<TRepairVerifyReply>();
  const [isContactsOpen, setContactsOpen] = useState(false);
  const open = target !== undefined && verified !== undefined;
  const senders = useSenders(open);
  const contacts = useContacts(2, open);
  const me = useMyCarbonCopy(open);
  const repair = useRequestRepair();

  useEffect(() => {
    setVerified(undefined);
    if (!target) return;
    let isCurrent = true;
    verifyRepair(target.stationIds).then(
      (reply) => {
        if (isCurrent) setVerified(reply);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        // SPEC §8: the verification's refusal is shown as a warning, with the server's words.
        feedback.warning(error instanceof RequestError ? error.message : String(error));
        onClose();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [target, onClose]);

  const senderOptions = (senders.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.name} <${s.username}>`,
  }));
  const ccOptions = (contacts.data ?? []).map((c) => ({
    value: c.email,
    label: `${c.name} <${c.email}>${c.function ? ` · ${c.function}` : ''}`,
  }));

  return (
    <>
      <SchemaFormModal<RepairValues, TRepairRequest, TRepairReply>
        open={open}
        name="repairRequestForm"
        title={t('repairs.request.title', { count: verified?.ready.length ?? 0 })}
        width={640}
        okText={t('repairs.request.send')}
        initialValues={{
          reason: target?.reason ?? '',
          ccEmails: [],
          ...(senderOptions.length === 1 ? { dataSourceId: senderOptions[0]!.value } : {}),
        }}
        toRequest={(values) => ({
          stationIds: verified?.ready.map((s) => s.stationId) ?? [],
          dataSourceId: values.dataSourceId as number,
          reason: values.reason ?? '',
          ccEmails: values.ccEmails ?? [],
          alarmIds: target?.alarmIds ?? [],
        })}
        schema={ZRepairRequest}
        save={(request) => repair.mutateAsync(request)}
        savedMessage={t('repairs.request.sent')}
        onSaved={(reply) => {
          for (const skipped of reply.skipped) {
            feedback.warning(
              t('repairs.request.skipped', { code: skipped.stationCode, reason: skipped.reason }),
            );
          }
          onClose();
        }}
        onClose={onClose}
      >
        {() => (
          <>
            <Flex vertical gap={8} style={{ marginBottom: 16 }}>
              {(verified?.ready ?? []).map((s) => (
                <Typography.Text key={s.stationId} data-testid="repair-recipient">
                  <Tag color="blue">{s.stationCode}</Tag>
                  {s.projectName} → {s.repairEmails.join(', ')}
                  {s.ccEmails.length > 0 ? (
                    <Typography.Text type="secondary">
                      {' '}
                      ({t('repairs.request.cc')} {s.ccEmails.join(', ')})
                    </Typography.Text>
                  ) : null}
                </Typography.Text>
              ))}
              {verified && verified.missing.length > 0 ? (
                <Alert
                  type="warning"
                  showIcon
                  title={t('repairs.request.missing', { codes: verified.missing.join(', ') })}
                />
              ) : null}
            </Flex>
            <RuleItem
              name="dataSourceId"
              label={t('repairs.request.sender')}
              required
              extra={senderOptions.length === 0 ? t('repairs.request.noSender') : undefined}
            >
              <Select
                placeholder={t('system.common.choose')}
                options={senderOptions}
                loading={senders.isLoading}
              />
            </RuleItem>
            <RuleItem name="reason" label={t('repairs.request.reason')} required>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} showCount maxLength={REPAIR_REASON_MAX} />
            </RuleItem>
            <Form.Item
              label={t('repairs.request.extraCc')}
              extra={
                me.data && me.data.carbonCopy.length > 0
                  ? t('repairs.request.ownCc', { emails: me.data.carbonCopy.join(', ') })
                  : undefined
              }
            >
              <Space.Compact style={{ width: '100%' }}>
                <RuleItem name="ccEmails" noStyle>
                  <Select
                    mode="tags"
                    tokenSeparators={[',', ';', ' ']}
                    placeholder={t('repairs.request.ccPlaceholder')}
                    options={ccOptions}
                    style={{ width: '100%' }}
                  />
                </RuleItem>
                <Button onClick={() => setContactsOpen(true)}>{t('repairs.contacts.open')}</Button>
              </Space.Compact>
            </Form.Item>
          </>
        )}
      </SchemaFormModal>
      <ContactsModal open={isContactsOpen} onClose={() => setContactsOpen(false)} />
    </>
  );
}
