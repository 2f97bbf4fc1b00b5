import type { TUserRecord, TUserSaveInput } from '@masthub/shared';
import { Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { SchemaItem } from '../../ui/list/SchemaItem.tsx';
import { useCompanyOptions, useGroupOptions, useRoleOptions, useSaveUser } from './api.ts';
import { userFormParser } from './user-form.ts';

interface UserFormValues {
  account?: string;
  userName?: string;
  roleId?: number;
  companyId?: number;
  groupId?: number | null;
  phone?: string;
  email?: string;
  password?: string;
}

interface UserFormModalProps {
  open: boolean;
  /** Undefined: create a user. */
  user: TUserRecord | undefined;
  /** A new company or department picked in the tree preselects it. */
  defaults?: { companyId?: number; groupId?: number };
  onClose: () => void;
  /**
   * After a save; `initialPassword` is set when the server generated one, `enrolmentCode` when the user
   * must set up a second factor their role requires (both shown once).
   */
  onSaved: (result: {
    account: string;
    initialPassword: string | null;
    enrolmentCode: string | null;
  }) => void;
}

/** Blank optional inputs become undefined, so the shared schema sees what the server will see. */
function toRequest(values: UserFormValues, id: number | undefined): TUserSaveInput {
  return {
    ...(id === undefined ? {} : { id }),
    account: values.account?.trim() ?? '',
    userName: values.userName ?? '',
    roleId: values.roleId as number,
    companyId: values.companyId as number,
    groupId: values.groupId ?? null,
    phone: values.phone?.trim() || null,
    email: values.email?.trim() || null,
    ...(id === undefined && values.password ? { password: values.password } : {}),
  };
}

/** Create or edit a user; every rule comes from ZUserSaveRequest, so messages match the server's. */
export function UserFormModal({ open, user, defaults, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const isCreate = user === undefined;
  const parser = userFormParser(isCreate);
  const companyId = Form.useWatch('companyId', form);
  const { data: roles = [] } = useRoleOptions();
  const { data: companies = [] } = useCompanyOptions();
  const { data: groups = [], isFetching: isLoadingGroups } = useGroupOptions(companyId);
  const save = useSaveUser();

  // The form mounts afresh on every opening (destroyOnHidden), so its values come from initialValues:
  // setFieldsValue in an effect would run before the form is connected and be lost.
  const initialValues: Partial<UserFormValues> = user
    ? {
        account: user.account,
        userName: user.userName,
        roleId: user.roleId ?? undefined,
        companyId: user.companyId ?? undefined,
        groupId: user.groupId,
        phone: user.phone ?? '',
        email: user.email ?? '',
      }
    : { companyId: defaults?.companyId, groupId: defaults?.groupId };

  return (
    <SchemaFormModal<
      UserFormValues,
      TUserSaveInput,
      { initialPassword: string | null; enrolmentCode: string | null }
    >
      open={open}
      name="userForm"
      title={t(isCreate ? 'system.user.form.createTitle' : 'system.user.form.editTitle')}
      width={680}
      form={form}
      initialValues={initialValues}
      toRequest={(values) => toRequest(values, user?.id)}
      schema={parser}
      save={(request) => save.mutateAsync(request)}
      savedMessage={t(isCreate ? 'system.user.created' : 'system.common.saved')}
      onSaved={(reply, values) =>
        onSaved({
          account: values.account?.trim() ?? '',
          initialPassword: reply.initialPassword,
          enrolmentCode: reply.enrolmentCode,
        })
      }
      onClose={onClose}
    >
      {() => (
        <>
          <Row gutter={16}>
            <RuleCol span={12} name="account" label={t('system.user.fields.account')} required>
              <Input
                autoComplete="off"
                placeholder={t('system.user.form.accountPlaceholder')}
                disabled={!isCreate && user?.isBuiltin}
              />
            </RuleCol>
            <SchemaItem span={12} name="userName" label={t('system.user.fields.userName')} required />
            <RuleCol span={12} name="roleId" label={t('system.user.fields.role')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('system.common.choose')}
                options={roles.map((role) => ({ value: role.id, label: role.name }))}
              />
            </RuleCol>
            <RuleCol span={12} name="companyId" label={t('system.user.fields.company')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('system.common.choose')}
                options={companies.map((company) => ({ value: company.id, label: company.name }))}
                onChange={() => form.setFieldValue('groupId', null)}
              />
            </RuleCol>
            <RuleCol span={12} name="groupId" label={t('system.user.fields.department')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={isLoadingGroups}
                disabled={companyId === undefined}
                placeholder={
                  companyId === undefined ? t('system.user.form.companyFirst') : t('system.common.choose')
                }
                options={groups.map((group) => ({ value: group.id, label: group.name }))}
              />
            </RuleCol>
            <SchemaItem
              span={12}
              name="phone"
              label={t('system.user.fields.phone')}
              placeholder={t('system.user.form.phonePlaceholder')}
            />
            <SchemaItem
              span={12}
              name="email"
              label={t('system.user.fields.email')}
              placeholder={t('system.user.form.emailPlaceholder')}
            />
            {isCreate ? (
              <RuleCol
                span={12}
                name="password"
                label={t('system.user.fields.password')}
                extra={t('system.user.form.passwordHelp')}
              >
                <Input.Password autoComplete="new-password" />
              </RuleCol>
            ) : null}
          </Row>
        </>
      )}
    </SchemaFormModal>
  );
}
