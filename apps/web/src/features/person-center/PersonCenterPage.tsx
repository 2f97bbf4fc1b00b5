import { Card, Col, Descriptions, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../auth/login.storage.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { TimeZoneSetting } from './TimeZoneSetting.tsx';

export function PersonCenterPage() {
  const { t } = useTranslation();
  const login = useLogin();
  const orNotSet = (value: string | null | undefined) => value || t('common.notSet');
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <Card title={t('person.profile.title')}>
          <Descriptions
            column={1}
            items={[
              { key: 'account', label: t('person.profile.account'), children: orNotSet(login?.account) },
              { key: 'userName', label: t('person.profile.userName'), children: orNotSet(login?.userName) },
              { key: 'role', label: t('person.profile.role'), children: orNotSet(login?.roleName) },
              { key: 'company', label: t('person.profile.company'), children: orNotSet(login?.companyName) },
              {
                key: 'department',
                label: t('person.profile.department'),
                children: orNotSet(login?.groupName),
              },
            ]}
          />
        </Card>
        <Card title={t('person.timeZone.title')} style={{ marginTop: 24 }}>
          <TimeZoneSetting />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('person.password.title')}>
          <ChangePasswordForm />
        </Card>
      </Col>
    </Row>
  );
}
