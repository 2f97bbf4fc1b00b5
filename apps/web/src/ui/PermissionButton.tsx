import type { FeatureKey } from '@masthub/shared';
import { Button, type ButtonProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../access.ts';
import { useSelectedFeatures } from '../browser/login.storage.ts';

/** Whether the logged-in user holds a feature (SPEC §6 selectedFeatures). */
export function useCan(feature: FeatureKey | undefined): boolean {
  return canAccess(feature, useSelectedFeatures());
}

export interface PermissionButtonProps extends ButtonProps {
  /** The function permission the action needs; without it the button is disabled with 'no permission'. */
  feature?: FeatureKey;
}

/**
 * A button for an action gated by a feature (SPEC §6): users who lack it still see the action, disabled,
 * with the 'no permission' tip, so they know it exists and why they cannot use it.
 */
export function PermissionButton({ feature, ...props }: PermissionButtonProps) {
  const { t } = useTranslation();
  const isAllowed = useCan(feature);
  if (isAllowed) return <Button {...props} />;
  return (
    <Tooltip title={t('common.noPermission')}>
      <Button {...props} disabled onClick={undefined} href={undefined} data-no-permission="true" />
    </Tooltip>
  );
}
