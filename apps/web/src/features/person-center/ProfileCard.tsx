import { EditOutlined } from '@ant-design/icons';
import {
  personNameToStore,
  type TProfile,
  type TProfileUpdateRequest,
  ZProfileUpdateRequest,
} from '@masthub/shared';
import { Button, Card, Descriptions, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { saveLogin, useLogin } from '../../browser/login.storage.ts';
import { RequestError } from '../../request/request.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useProfile, useUpdateProfile } from './api.ts';

interface ProfileFormValues {
  userName: string;
  phone?: string;
  email?: string;
}

function ProfileForm({ profile, onDone }: { profile: TProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileFormValues>();
  const rule = useZodRule(ZProfileUpdateRequest);
  const update = useUpdateProfile();
  const login = useLogin();

  const submit = async (values: ProfileFormValues) => {
    const body: TProfileUpdateRequest = {
      userName: values.userName.trim(),
      phone: values.phone?.trim() || null,
      email: values.email?.trim() || null,
    };
    try {
      await update.mutateAsync(body);
      // The header shows the stored name: keep it in step.
      // (the built-in administrator's name, shown in the reader's language, is stored as its key).
      if (login) saveLogin({ ...login, userName: personNameToStore(login.userName, body.userName) });
      feedback.success(t('person.profile.saved'));
      onDone();
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((field) => ({
            name: field.field as keyof ProfileFormValues,
            errors: [field.message],
          })),
        );
      }
    }
  };

  return (
    <Form<ProfileFormValues>
      form={form}
      name="profileForm"
      layout="vertical"
      style={{ maxWidth: 440 }}
      initialValues={{ userName: profile.userName, phone: profile.phone ?? '', email: profile.email ?? '' }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="userName" label={t('person.profile.userName')} rules={[rule('userName')]} required>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label={t('person.profile.phone')} rules={[rule('phone')]}>
        <Input autoComplete="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('person.profile.email')} rules={[rule('email')]}>
        <Input autoComplete="email" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('person.profile.save')}
        </Button>
        <Button onClick={onDone}>{t('person.profile.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** The caller's profile (SPEC §3 User) with name, phone and e-mail editable. */
export function ProfileCard() {
  const { t } = useTranslation();
  const login = useLogin();
  const formatDateTime = useFormatDateTime();
  const { data: profile, isLoading } = useProfile();
  const [isEditing, setIsEditing] = useState(false);
  const orNotSet = (value: string | null | undefined) => value || t('common.notSet');
  return (
    <Card
      title={t('person.profile.title')}
      loading={isLoading}
      extra={
        profile && !isEditing ? (
          <Button type="link" icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
            {t('person.profile.edit')}
          </Button>
        ) : null
      }
    >
      {profile && isEditing ? (
        <ProfileForm profile={profile} onDone={() => setIsEditing(false)} />
      ) : (
        <Descriptions
          column={1}
          items={[
            {
              key: 'account',
              label: t('person.profile.account'),
              children: orNotSet(profile?.account ?? login?.account),
            },
            {
              key: 'userName',
              label: t('person.profile.userName'),
              children: orNotSet(profile?.userName ?? login?.userName),
            },
            {
              key: 'role',
              label: t('person.profile.role'),
              children: orNotSet(profile?.roleName ?? login?.roleName),
            },
            {
              key: 'company',
              label: t('person.profile.company'),
              children: orNotSet(profile?.companyName ?? login?.companyName),
            },
            {
              key: 'department',
              label: t('person.profile.department'),
              children: orNotSet(profile?.groupName ?? login?.groupName),
            },
            { key: 'phone', label: t('person.profile.phone'), children: orNotSet(profile?.phone) },
            { key: 'email', label: t('person.profile.email'), children: orNotSet(profile?.email) },
            {
              key: 'createDate',
              label: t('person.profile.createDate'),
              children: orNotSet(formatDateTime(profile?.createDate)),
            },
            {
              key: 'lastLoginTime',
              label: t('person.profile.lastLoginTime'),
              children: orNotSet(formatDateTime(profile?.lastLoginTime)),
            },
          ]}
        />
      )}
    </Card>
  );
}
