import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../../browser/login.storage.ts';
import { useUnreadCount } from './api.ts';
import { MessageDrawer } from './MessageDrawer.tsx';

export function MessageBell() {
  const { t } = useTranslation();
  const isLoggedIn = useLogin() !== null;
  const { data: unread = 0 } = useUnreadCount(isLoggedIn);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Badge count={unread} size="small" offset={[-6, 6]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={t('messages.bell')}
          data-unread={unread}
          onClick={() => setIsOpen(true)}
        />
      </Badge>
      <MessageDrawer isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
