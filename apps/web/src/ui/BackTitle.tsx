import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A sub-page's heading: the link back to its list above the page title. */
export function BackTitle({ to, backLabel, title }: { to: string; backLabel: string; title: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Space orientation="vertical" size={4}>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0 }}
        onClick={() => void navigate(to)}
      >
        {backLabel}
      </Button>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
    </Space>
  );
}
