import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Flex, Tag, Tree, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildFeatureTree, GROUP_KEY_PREFIX } from './feature-tree.ts';

interface FeatureStatusTreeProps {
  features: readonly string[];
}

/** Read-only view of function permissions: every catalogue feature, marked granted or not. */
export function FeatureStatusTree({ features }: FeatureStatusTreeProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const held = useMemo(() => new Set(features), [features]);
  const treeData = useMemo(
    () =>
      buildFeatureTree().map((group) => {
        const children = group.children ?? [];
        const granted = children.filter((child) => held.has(child.key)).length;
        return {
          key: group.key,
          selectable: false,
          title: (
            <Flex gap={8} align="center">
              <strong>{t(group.labelKey)}</strong>
              <Tag color={granted > 0 ? 'green' : undefined} variant="filled">
                {granted}/{children.length}
              </Tag>
            </Flex>
          ),
          children: children.map((child) => {
            const isGranted = held.has(child.key);
            return {
              key: child.key,
              selectable: false,
              icon: isGranted ? (
                <CheckCircleFilled style={{ color: token.colorSuccess }} />
              ) : (
                <MinusCircleOutlined style={{ color: token.colorTextQuaternary }} />
              ),
              title: (
                <span
                  style={{ color: isGranted ? undefined : token.colorTextTertiary }}
                  data-granted={isGranted ? 'true' : 'false'}
                >
                  {t(child.labelKey)}
                </span>
              ),
            };
          }),
        };
      }),
    [held, t, token],
  );
  return (
    <Tree
      showIcon
      blockNode
      defaultExpandedKeys={treeData.map((node) => node.key).filter((key) => key.startsWith(GROUP_KEY_PREFIX))}
      treeData={treeData}
    />
  );
}
