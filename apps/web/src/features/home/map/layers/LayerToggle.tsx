import type { TMapLayer } from '@masthub/shared';
import { Checkbox, Flex, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { activeLayers, type TActiveLayer } from './store.ts';
import { layerTitle } from './utils.ts';

/** One layer of the panel: its checkbox, a failed image, and the opacity slider while shown. */
export function LayerToggle({
  layer,
  state,
  isImageFailed,
}: {
  layer: TMapLayer;
  state: TActiveLayer | undefined;
  isImageFailed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Checkbox
        checked={state !== undefined}
        onChange={(e) => activeLayers.toggle(layer.id, e.target.checked)}
        data-testid={`layer-toggle-${layer.id}`}
      >
        {layerTitle(layer)}
        {layer.unit && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {' '}
            ({layer.unit})
          </Typography.Text>
        )}
      </Checkbox>
      {isImageFailed && (
        <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>
          {t('home-layers.imageFailed')}
        </Typography.Text>
      )}
      {state && (
        <Flex align="center" gap={8} style={{ paddingLeft: 24 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
            {t('home-layers.opacity')}
          </Typography.Text>
          <Slider
            style={{ flex: 1, margin: '6px 4px' }}
            min={0}
            max={100}
            step={5}
            value={Math.round(state.opacity * 100)}
            onChange={(value) => activeLayers.setOpacity(layer.id, value / 100)}
            ariaLabelForHandle={t('home-layers.opacityOf', { name: layer.name })}
            tooltip={{ formatter: (value) => `${value}%` }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12, width: 36, textAlign: 'right' }}>
            {Math.round(state.opacity * 100)}%
          </Typography.Text>
        </Flex>
      )}
    </div>
  );
}
