import type { TMesoscaleDataset } from '@masthub/shared';
import { Drawer, Flex, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { McpWorkbench } from './McpWorkbench.tsx';
import { ScalingForm } from './ScalingForm.tsx';

/** How the long-term drawer correcting a site opens: scaling or MCP, from a mesoscale row or none. */
export interface TLongTermOpening {
  method: TLongTermMethod;
  /** The mesoscale dataset of the row it was opened from. */
  datasetId?: number | undefined;
}

export type TLongTermMethod = 'mcp' | 'scaling';

/**
 * The one drawer that corrects a site to the long term (WIND-ANALYSIS §12, §13), by either method: every MCP
 * method compared against a reference, or a mesoscale dataset scaled to the mast. The dataset row's two
 * buttons open it on their method; the method can be switched inside.
 */
export function LongTermDrawer({
  stationId,
  datasets,
  opening,
  onClose,
}: {
  stationId: number;
  datasets: readonly TMesoscaleDataset[];
  /** Undefined while closed. */
  opening: TLongTermOpening | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<TLongTermMethod>(opening?.method ?? 'mcp');
  const [scaledId, setScaledId] = useState(opening?.datasetId);
  // A new opening starts on its method and dataset, in the same render (no request of the other method).
  const [shownOpening, setShownOpening] = useState(opening);
  if (opening !== shownOpening) {
    setShownOpening(opening);
    if (opening) {
      setMethod(opening.method);
      setScaledId(opening.datasetId);
    }
  }
  const parsed = datasets.filter((d) => d.status === 'parsed');
  // Scaling needs a dataset: the row's, or the first that can be scaled.
  const scaled = parsed.find((d) => d.id === scaledId) ?? (scaledId === undefined ? parsed[0] : undefined);

  return (
    <Drawer
      open={opening !== undefined}
      onClose={onClose}
      size={method === 'mcp' ? 1280 : 1100}
      title={method === 'mcp' ? t('longterm.title') : t('wsa.scale.title', { name: scaled?.name ?? '' })}
      destroyOnHidden
      data-testid="lt-drawer"
    >
      <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
        <Segmented<TLongTermMethod>
          value={method}
          onChange={setMethod}
          options={[
            { value: 'mcp', label: t('longterm.methods.mcp') },
            { value: 'scaling', label: t('longterm.methods.scaling') },
          ]}
          data-testid="lt-method"
        />
        {method === 'scaling' && (
          <Select
            style={{ width: 320 }}
            aria-label={t('longterm.dataset')}
            placeholder={t('longterm.dataset')}
            value={scaled?.id}
            onChange={setScaledId}
            options={parsed.map((d) => ({ value: d.id, label: d.name }))}
            data-testid="scale-dataset"
          />
        )}
      </Flex>
      {method === 'mcp' ? (
        <McpWorkbench stationId={stationId} datasets={datasets} datasetId={opening?.datasetId} />
      ) : (
        <ScalingForm stationId={stationId} dataset={scaled} />
      )}
    </Drawer>
  );
}
