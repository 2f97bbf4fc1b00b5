import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { displayPersonName } from '@masthub/shared';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../browser/feedback.ts';
import { useLogin } from '../browser/login.storage.ts';
import { useLogout } from '../features/auth/index.ts';
import { useAppLanguage } from '../i18n/i18n.ts';
import { toShortLanguage } from '../i18n/languages.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const logout = useLogout();
  const language = toShortLanguage(useAppLanguage());
  // The stored name; the built-in administrator's reads in the reader's language (issue 41).
  const name = (login?.userName && displayPersonName(login.userName, language)) || login?.account || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'personCenter', icon: <UserOutlined />, label: t('layout.header.personCenter') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('auth.logout.action'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'personCenter') void navigate('/personCenter');
          if (key === 'logout') {
            void logout().then(() => feedback.success(t('auth.logout.success')));
          }
        },
      }}
    >
      <Button type="text" aria-haspopup="menu" title={t('layout.header.userMenu')}>
        <Avatar size="small" icon={<UserOutlined />} />
        <span>{name}</span>
      </Button>
    </Dropdown>
  );
}
