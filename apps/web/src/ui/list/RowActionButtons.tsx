import { DownOutlined } from '@ant-design/icons';
import type { FeatureKey } from '@masthub/shared';
import { Button, Dropdown, type MenuProps, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../access.ts';
import { useSelectedFeatures } from '../../browser/login.storage.ts';
import { splitRowActions, type TRowAction } from './row-actions.ts';

/**
 * A row's actions under the one rule of the administration tables (issue 41 §4): at most three show as
 * link buttons; a row with more shows two and a "More" menu with the rest, in their declared order (the
 * most used first, delete last). An action the user lacks the feature for, or that this row does not
 * allow, is shown disabled with the reason as its tip, in the row or in the menu.
 */
export function RowActionList({ actions }: { actions: readonly TRowAction[] }) {
  const { t } = useTranslation();
  const features = useSelectedFeatures();
  const reasonOf = (action: TRowAction) =>
    action.disabledReason ?? (canAccess(action.feature, features) ? undefined : t('common.noPermission'));
  const { visible, more } = splitRowActions(actions);
  const items: MenuProps['items'] = more.map((action) => {
    const reason = reasonOf(action);
    return {
      key: action.key,
      danger: action.danger,
      disabled: reason !== undefined,
      icon: action.icon,
      label: (
        <Tooltip title={reason} placement="left">
          <span data-testid={action.testId}>{action.label}</span>
        </Tooltip>
      ),
    };
  });
  return (
    <Space size={0} wrap={false}>
      {visible.map((action) => {
        const reason = reasonOf(action);
        const button = (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            icon={action.icon}
            loading={action.loading}
            disabled={reason !== undefined}
            onClick={reason === undefined ? action.onClick : undefined}
            data-testid={action.testId}
          >
            {action.label}
          </Button>
        );
        return reason === undefined ? (
          button
        ) : (
          <Tooltip key={action.key} title={reason}>
            {button}
          </Tooltip>
        );
      })}
      {more.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              more.find((action) => action.key === key)?.onClick?.();
            },
          }}
        >
          <Button type="link" size="small" data-testid="row-actions-more">
            {t('common.actions.more')}
            <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}

/** Edit and delete around a screen's own actions, as the list rows declare them. */
export function rowActionsOf(
  t: (key: string) => string,
  parts: {
    feature: FeatureKey;
    onEdit?: (() => void) | undefined;
    extra?: readonly TRowAction[] | undefined;
    onDelete?: (() => void) | undefined;
    deleteBlocked?: string | undefined;
  },
): TRowAction[] {
  return [
    ...(parts.onEdit
      ? [{ key: 'edit', label: t('system.common.edit'), feature: parts.feature, onClick: parts.onEdit }]
      : []),
    ...(parts.extra ?? []),
    ...(parts.deleteBlocked || parts.onDelete
      ? [
          {
            key: 'delete',
            label: t('system.common.delete'),
            danger: true,
            feature: parts.feature,
            disabledReason: parts.deleteBlocked,
            onClick: parts.onDelete,
          },
        ]
      : []),
  ];
}

/**
 * The buttons of a row: edit, then what the screen adds, then delete (disabled with its reason when the
 * record cannot be deleted at all), each behind the screen's feature — under the rule of RowActionList.
 */
export function RowActionButtons(props: {
  feature: FeatureKey;
  onEdit?: (() => void) | undefined;
  extra?: readonly TRowAction[] | undefined;
  onDelete?: (() => void) | undefined;
  deleteBlocked?: string | undefined;
}) {
  const { t } = useTranslation();
  return <RowActionList actions={rowActionsOf(t, props)} />;
}
