import { type TOwnerRecord, ZOwnerSaveRequest } from '@masthub/shared';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { SchemaItem } from '../../ui/list/SchemaItem.tsx';
import { useSaveOwner } from './api.ts';
import { type OwnerFormValues, toOwnerSaveRequest } from './owners.utils.ts';

interface OwnerFormModalProps extends DialogProps {
  /** Undefined: create an owner. */
  owner: TOwnerRecord | undefined;
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
      {() => (
        <>
          <SchemaItem name="name" label={t('registry.owner.fields.name')} required />
          <SchemaItem
            name="phone"
            label={t('registry.owner.fields.phone')}
            placeholder={t('registry.common.phonePlaceholder')}
          />
          <SchemaItem
            name="email"
            label={t('registry.owner.fields.email')}
            placeholder={t('registry.common.emailPlaceholder')}
          />
        </>
      )}
    </SchemaFormModal>
  );
}
