import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccessTokensCard } from '../access-tokens/index.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SecondFactorCard } from './SecondFactorCard.tsx';
import { TimeZoneSetting } from './TimeZoneSetting.tsx';

export function PersonCenterPage() {
  const { t } = useTranslation();
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <ProfileCard />
        <Card title={t('person.timeZone.title')} style={{ marginTop: 24 }}>
          <TimeZoneSetting />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('person.password.title')}>
          <ChangePasswordForm />
        </Card>
        <SecondFactorCard />
      </Col>
      <Col span={24}>
        <AccessTokensCard />
      </Col>
    </Row>
  );
}
