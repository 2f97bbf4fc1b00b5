import { type TOwnerRecord, ZOwnerSaveRequest } from '@masthub/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../app/list/SchemaFormModal.tsx';
import { useSaveOwner } from './api.ts';
import { type OwnerFormValues, toOwnerSaveRequest } from './owners.utils.ts';

interface OwnerFormModalProps {
  open: boolean;
  /** Undefined: create an owner. */
  owner: TOwnerRecord | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit an owner: name required (≤ 20, unique), phone and e-mail optional and checked (SPEC §5). */
export function OwnerFormModal({ open, owner, onClose, onSaved }: OwnerFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveOwner();
  return (
    <SchemaFormModal<OwnerFormValues, ReturnType<typeof toOwnerSaveRequest>>
      open={open}
      name="ownerForm"
      title={t(owner ? 'registry.owner.form.editTitle' : 'registry.owner.form.createTitle')}
      initialValues={owner ? { name: owner.name, phone: owner.phone ?? '', email: owner.email ?? '' } : {}}
      toRequest={(values) => toOwnerSaveRequest(values, owner?.id)}
      schema={ZOwnerSaveRequest}
      save={(request) => save.mutateAsync(request)}
      savedMessage={t(owner ? 'system.common.saved' : 'registry.owner.created')}
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ rule }) => (
        <>
          <Form.Item name="name" label={t('registry.owner.fields.name')} rules={[rule('name')]} required>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label={t('registry.owner.fields.phone')} rules={[rule('phone')]}>
            <Input autoComplete="off" placeholder={t('registry.common.phonePlaceholder')} />
          </Form.Item>
          <Form.Item name="email" label={t('registry.owner.fields.email')} rules={[rule('email')]}>
            <Input autoComplete="off" placeholder={t('registry.common.emailPlaceholder')} />
          </Form.Item>
        </>
      )}
    </SchemaFormModal>
  );
}
