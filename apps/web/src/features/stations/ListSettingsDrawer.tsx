import { ArrowDownOutlined, ArrowUpOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import type { TColumnField, TFormField } from '@masthub/shared';
import { FIXED_COLUMNS_MAX } from '@masthub/shared/constants.ts';
import {
  STATION_LIST_CONFIG_KEYS,
  STATION_LIST_CONFIG_TYPE,
} from '@masthub/shared/stations/personal-config.schema.ts';
import { Button, Checkbox, Drawer, Flex, Space, Tabs, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { useSaveStationListConfig } from './api.ts';
import {
  type ColumnSetting,
  canFixMore,
  countFixed,
  mergeColumns,
  mergeSearchFields,
  move,
  type SearchFieldSetting,
  toColumnsConfig,
  toSearchFieldsConfig,
} from './list-config.ts';

interface ListSettingsDrawerProps extends DialogProps {
  columns: ColumnSetting[];
  searchFields: SearchFieldSetting[];
  serverColumns: readonly TColumnField[];
  serverSearchFields: readonly TFormField[];
}

function OrderButtons({
  index,
  count,
  onMove,
}: {
  index: number;
  count: number;
  onMove: (delta: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        aria-label={t('stations.settings.moveUp')}
        onClick={() => onMove(-1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={index === count - 1}
        aria-label={t('stations.settings.moveDown')}
        onClick={() => onMove(1)}
      />
    </Space>
  );
}

/** One row of a settings list: the checkbox on the left, its actions on the right. */
function SettingRow({
  children,
  actions,
  ...data
}: { children: ReactNode; actions: ReactNode[] } & Record<`data-${string}`, string>) {
  return (
    <Flex
      {...data}
      justify="space-between"
      align="center"
      style={{ padding: '4px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      {children}
      <Space size={4}>{actions}</Space>
    </Flex>
  );
}

/**
 * The site list's column and search-field settings (show/hide, order, columns fixed on the left — at most
 * FIXED_COLUMNS_MAX), stored per user through the personal config.
 */
export function ListSettingsDrawer({
  open,
  onClose,
  columns,
  searchFields,
  serverColumns,
  serverSearchFields,
}: ListSettingsDrawerProps) {
  const { t } = useTranslation();
  const [draftColumns, setDraftColumns] = useState(columns);
  const [draftFields, setDraftFields] = useState(searchFields);
  const save = useSaveStationListConfig();

  useEffect(() => {
    if (!open) return;
    setDraftColumns(columns);
    setDraftFields(searchFields);
  }, [open, columns, searchFields]);

  const patchColumn = (index: number, patch: Partial<ColumnSetting>) =>
    setDraftColumns((current) =>
      current.map((column, i) => (i === index ? { ...column, ...patch } : column)),
    );

  const submit = async () => {
    await save.mutateAsync([
      {
        type: STATION_LIST_CONFIG_TYPE,
        key: STATION_LIST_CONFIG_KEYS.columns,
        value: toColumnsConfig(draftColumns),
      },
      {
        type: STATION_LIST_CONFIG_TYPE,
        key: STATION_LIST_CONFIG_KEYS.searchFields,
        value: toSearchFieldsConfig(draftFields),
      },
    ]);
    feedback.success(t('stations.settings.saved'));
    onClose();
  };

  const fixedCount = countFixed(draftColumns);
  const mayFix = canFixMore(draftColumns);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('stations.settings.title')}
      size={440}
      footer={
        <Flex justify="space-between">
          <Button
            onClick={() => {
              setDraftColumns(mergeColumns(serverColumns, undefined));
              setDraftFields(mergeSearchFields(serverSearchFields, undefined));
            }}
          >
            {t('stations.settings.restoreDefaults')}
          </Button>
          <Space>
            <Button onClick={onClose}>{t('stations.actions.cancel')}</Button>
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => void submit().catch(() => undefined)}
            >
              {t('stations.actions.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Tabs
        items={[
          {
            key: 'columns',
            label: t('stations.settings.columns'),
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('stations.settings.fixedHint', { count: fixedCount, max: FIXED_COLUMNS_MAX })}
                </Typography.Paragraph>
                <div>
                  {draftColumns.map((column, index) => {
                    const isFixed = column.fixed === 'left';
                    const fixDisabled = !isFixed && (!mayFix || !column.visible);
                    return (
                      <SettingRow
                        key={column.key}
                        data-column={column.key}
                        actions={[
                          <Tooltip
                            key="fix"
                            title={
                              !isFixed && !mayFix
                                ? t('stations.settings.fixedMax', { max: FIXED_COLUMNS_MAX })
                                : t(isFixed ? 'stations.settings.unfix' : 'stations.settings.fix')
                            }
                          >
                            <Button
                              type="text"
                              size="small"
                              aria-label={t(isFixed ? 'stations.settings.unfix' : 'stations.settings.fix')}
                              aria-pressed={isFixed}
                              disabled={fixDisabled}
                              icon={isFixed ? <PushpinFilled /> : <PushpinOutlined />}
                              onClick={() => patchColumn(index, { fixed: isFixed ? null : 'left' })}
                            />
                          </Tooltip>,
                          <OrderButtons
                            key="order"
                            index={index}
                            count={draftColumns.length}
                            onMove={(delta) => setDraftColumns((current) => move(current, index, delta))}
                          />,
                        ]}
                      >
                        <Checkbox
                          checked={column.visible}
                          onChange={(event) =>
                            patchColumn(index, {
                              visible: event.target.checked,
                              ...(event.target.checked ? {} : { fixed: null }),
                            })
                          }
                        >
                          {column.title}
                        </Checkbox>
                      </SettingRow>
                    );
                  })}
                </div>
              </>
            ),
          },
          {
            key: 'searchFields',
            label: t('stations.settings.searchFields'),
            children: (
              <div>
                {draftFields.map((field, index) => (
                  <SettingRow
                    key={field.key}
                    data-search-field={field.key}
                    actions={[
                      <OrderButtons
                        key="order"
                        index={index}
                        count={draftFields.length}
                        onMove={(delta) => setDraftFields((current) => move(current, index, delta))}
                      />,
                    ]}
                  >
                    <Checkbox
                      checked={field.visible}
                      onChange={(event) =>
                        setDraftFields((current) =>
                          current.map((item, i) =>
                            i === index ? { ...item, visible: event.target.checked } : item,
                          ),
                        )
                      }
                    >
                      {field.title}
                    </Checkbox>
                  </SettingRow>
                ))}
              </div>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
