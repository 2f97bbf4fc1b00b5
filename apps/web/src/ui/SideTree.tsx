import { Button, Empty, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

/** The "all" entry above a side tree (device types, companies): highlighted while nothing is chosen. */
export function SideTreeAllButton({
  isActive,
  onClick,
  children,
}: {
  isActive: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type={isActive ? 'link' : 'text'}
      block
      style={{ textAlign: 'start', paddingInline: 4, justifyContent: 'flex-start' }}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** A side tree while it loads, when it has nothing, or the tree itself. */
export function SideTreeBody({
  isLoading,
  isEmpty,
  children,
}: {
  isLoading: boolean;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (isLoading) {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  }
  return isEmpty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : children;
}
