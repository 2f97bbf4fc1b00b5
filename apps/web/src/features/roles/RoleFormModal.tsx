import { type TRoleRecord, type TRoleSaveRequest, ZRoleSaveRequest } from '@masthub/shared';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useSaveRole } from './api.ts';

interface RoleFormModalProps extends DialogProps {
  role: TRoleRecord | undefined;
  /** After a save, with the role's id (a new role goes on to its rights). */
  onSaved: (id: number, isNew: boolean) => void;
}

/** Create or rename a role: name required (≤ 20, unique), description ≤ 50, two-factor login required or not. */
export function RoleFormModal({ open, role, onClose, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveRole();
  return (
    <SchemaFormModal<Partial<TRoleSaveRequest>, TRoleSaveRequest, { id: number }>
      open={open}
      name="roleForm"
      title={t(role ? 'system.role.form.editTitle' : 'system.role.form.createTitle')}
      initialValues={
        role
          ? {
              name: role.name,
              description: role.description,
              requiresSecondFactor: role.requiresSecondFactor,
            }
          : { requiresSecondFactor: false }
      }
      toRequest={(values) => ({ ...values, ...(role ? { id: role.id } : {}) }) as TRoleSaveRequest}
      schema={ZRoleSaveRequest}
      save={(request) => save.mutateAsync(request)}
      onSaved={(reply) => onSaved(reply.id, role === undefined)}
      onClose={onClose}
    >
      {() => (
        <>
          <RuleItem name="name" label={t('system.role.fields.name')} required>
            <Input autoComplete="off" />
          </RuleItem>
          <RuleItem name="description" label={t('system.role.fields.description')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={50} />
          </RuleItem>
          <Form.Item
            name="requiresSecondFactor"
            label={t('system.role.fields.requiresSecondFactor')}
            valuePropName="checked"
            extra={t('system.role.form.requiresSecondFactorHint')}
          >
            <Switch />
          </Form.Item>
        </>
      )}
    </SchemaFormModal>
  );
}
