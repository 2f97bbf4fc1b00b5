import type { FeatureKey } from '@masthub/shared';
import { Button, type ButtonProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../ui/PermissionButton.tsx';

export interface ActionButtonProps extends ButtonProps {
  /** The function permission the action needs (SPEC §6); without it: disabled with 'no permission'. */
  feature?: FeatureKey;
  /** Why the action cannot run now (view-only original, a task running); shown as the tooltip. */
  blockedReason?: string | undefined;
  /** Tooltip when the action is available (icon-only buttons). */
  tooltip?: string;
}

/**
 * A button of the MeasureWind toolbar: like PermissionButton, and also disabled with an explanation when
 * the version cannot take the action right now.
 */
export function ActionButton({ feature, blockedReason, tooltip, ...props }: ActionButtonProps) {
  const { t } = useTranslation();
  const isAllowed = useCan(feature);
  const reason = isAllowed ? blockedReason : t('common.noPermission');
  if (!reason) {
    return tooltip ? (
      <Tooltip title={tooltip}>
        <Button {...props} />
      </Tooltip>
    ) : (
      <Button {...props} />
    );
  }
  return (
    <Tooltip title={reason}>
      <Button
        {...props}
        disabled
        onClick={undefined}
        data-no-permission={isAllowed ? undefined : 'true'}
        data-blocked-reason={reason}
      />
    </Tooltip>
  );
}
