import { PlusOutlined } from '@ant-design/icons';
import {
  CONTACT_TYPES,
  type TContactRecord,
  type TContactSaveInput,
  type TContactSaveRequest,
  ZCarbonCopySaveRequest,
  ZContactSaveRequest,
} from '@masthub/shared';
import { Button, Divider, Flex, Input, Modal, Radio, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { RowActionButtons } from '../../ui/list/RowActionButtons.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useConfirmDelete } from '../../ui/list/use-confirm-delete.tsx';
import { useContacts, useDeleteContact, useMyCarbonCopy, useSaveCarbonCopy, useSaveContact } from './api.ts';

type ContactValues = Partial<TContactSaveInput>;

/**
 * The company address book (SPEC §7 contacts): repair contacts (type 2) and report recipients (type 1),
 * and below them the user's own carbon copies, added to every repair request they send.
 */
export function ContactsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const contacts = useContacts(undefined, open);
  const me = useMyCarbonCopy(open);
  const save = useSaveContact();
  const remove = useDeleteContact();
  const saveCc = useSaveCarbonCopy();
  const [editing, setEditing] = useState<TContactRecord | null>();
  const [ccDraft, setCcDraft] = useState<string[]>();
  const confirmDelete = useConfirmDelete<TContactRecord>({
    remove: (c) => remove.mutateAsync(c.id),
    texts: 'repairs.contacts',
  });

  const saveOwnCc = async () => {
    const parsed = ZCarbonCopySaveRequest.safeParse({ emails: ccDraft ?? me.data?.carbonCopy ?? [] });
    if (!parsed.success) {
      feedback.error(t('repairs.contacts.badCc'));
      return;
    }
    await saveCc.mutateAsync(parsed.data);
    setCcDraft(undefined);
    feedback.success(t('repairs.contacts.ccSaved'));
  };

  return (
    <Modal
      open={open}
      title={t('repairs.contacts.title')}
      width={820}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('repairs.contacts.add')}
        </Button>
      </Flex>
      <Table<TContactRecord>
        rowKey="id"
        size="small"
        loading={contacts.isFetching}
        dataSource={contacts.data ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        columns={[
          { key: 'typeName', dataIndex: 'typeName', title: t('repairs.contacts.type'), width: 110 },
          { key: 'name', dataIndex: 'name', title: t('repairs.contacts.name'), width: 120 },
          { key: 'email', dataIndex: 'email', title: t('repairs.contacts.email') },
          { key: 'phone', dataIndex: 'phone', title: t('repairs.contacts.phone'), width: 120 },
          { key: 'function', dataIndex: 'function', title: t('repairs.contacts.function'), width: 120 },
          {
            key: 'actions',
            title: t('system.common.actions'),
            width: 120,
            render: (_, record) => (
              <RowActionButtons
                feature="alarm.handle"
                onEdit={() => setEditing(record)}
                onDelete={() => void confirmDelete(record)}
              />
            ),
          },
        ]}
      />
      <Divider />
      <Typography.Text strong>{t('repairs.contacts.ownCc')}</Typography.Text>
      <Flex gap={8} style={{ marginTop: 8 }}>
        <Select
          mode="tags"
          tokenSeparators={[',', ';', ' ']}
          style={{ flex: 1 }}
          value={ccDraft ?? me.data?.carbonCopy ?? []}
          onChange={(value) => setCcDraft(value)}
          placeholder={t('repairs.request.ccPlaceholder')}
          data-testid="own-cc"
        />
        <Button onClick={() => void saveOwnCc()} loading={saveCc.isPending} disabled={ccDraft === undefined}>
          {t('system.common.save')}
        </Button>
      </Flex>
      <SchemaFormModal<ContactValues, TContactSaveInput, { id: number }>
        open={editing !== undefined}
        name="contactForm"
        title={editing ? t('repairs.contacts.edit') : t('repairs.contacts.add')}
        initialValues={editing ? { ...editing, type: editing.type as 1 | 2 } : { type: 2 }}
        toRequest={(values) => ({
          ...(editing ? { id: editing.id } : {}),
          type: values.type as 1 | 2,
          name: values.name ?? '',
          email: values.email ?? '',
          phone: values.phone ?? '',
          function: values.function ?? '',
        })}
        schema={ZContactSaveRequest}
        save={(request) => save.mutateAsync(request as TContactSaveRequest)}
        savedMessage={t('repairs.contacts.saved')}
        onSaved={() => setEditing(undefined)}
        onClose={() => setEditing(undefined)}
      >
        {() => (
          <>
            <RuleItem name="type" label={t('repairs.contacts.type')} required>
              <Radio.Group
                options={CONTACT_TYPES.map((value) => ({
                  value,
                  label: t(`repairs.contacts.types.${value}`),
                }))}
              />
            </RuleItem>
            <RuleItem name="name" label={t('repairs.contacts.name')} required>
              <Input maxLength={50} />
            </RuleItem>
            <RuleItem name="email" label={t('repairs.contacts.email')} required>
              <Input maxLength={255} />
            </RuleItem>
            <RuleItem name="phone" label={t('repairs.contacts.phone')}>
              <Input maxLength={30} />
            </RuleItem>
            <RuleItem name="function" label={t('repairs.contacts.function')}>
              <Input maxLength={50} placeholder={t('repairs.contacts.functionPlaceholder')} />
            </RuleItem>
          </>
        )}
      </SchemaFormModal>
    </Modal>
  );
}
