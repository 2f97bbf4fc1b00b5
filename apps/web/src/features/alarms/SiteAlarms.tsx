import { CheckSquareOutlined, ToolOutlined } from '@ant-design/icons';
import { ALARM_HANDLE_STATUSES, ALARM_TYPES, type TAlarmRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { RepairRequestModal, type RepairTarget } from '../repairs/index.ts';
import { AlarmHandleModal } from './AlarmHandleModal.tsx';
import { useAlarmColumns } from './alarm-columns.tsx';
import { useAlarmPage } from './api.ts';

function useSiteAlarms(values: Record<string, unknown>, pageNo: number) {
  return useAlarmPage({
    pageNo,
    pageSize: PAGE_SIZE,
    stationId: values['stationId'] as number,
    ...(values['type'] ? { type: values['type'] as TAlarmRecord['type'] } : {}),
    ...(values['handleStatus']
      ? { handleStatus: values['handleStatus'] as TAlarmRecord['handleStatus'] }
      : {}),
  });
}

/** The site's alarms, filtered by type and handling; the selected ones are handled or sent for repair. */
export function SiteAlarms({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const columns = useAlarmColumns();
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState<number[]>();
  const [repairing, setRepairing] = useState<RepairTarget>();
  const closeRepair = useCallback(() => {
    setRepairing(undefined);
    setSelected([]);
  }, []);

  return (
    <>
      <ListPage<TAlarmRecord>
        bare
        search={{
          kind: 'form',
          name: 'alarmSearch',
          fields: [
            {
              kind: 'select',
              name: 'type',
              label: t('alarms.fields.type'),
              options: ALARM_TYPES.map((value) => ({ value, label: t(`alarms.types.${value}`) })),
            },
            {
              kind: 'select',
              name: 'handleStatus',
              label: t('alarms.fields.handleStatus'),
              width: 170,
              options: ALARM_HANDLE_STATUSES.map((value) => ({
                value,
                label: t(`alarms.statuses.${value}`),
              })),
            },
          ],
        }}
        usePage={useSiteAlarms}
        baseValues={{ stationId }}
        columns={columns}
        toolbar={
          <Space>
            <PermissionButton
              feature="alarm.handle"
              icon={<CheckSquareOutlined />}
              disabled={selected.length === 0}
              data-testid="alarm-handle-selected"
              onClick={() => setHandling(selected)}
            >
              {t('alarms.handleSelected', { count: selected.length })}
            </PermissionButton>
            <PermissionButton
              feature="alarm.handle"
              icon={<ToolOutlined />}
              disabled={selected.length === 0}
              data-testid="alarm-request-repair"
              onClick={() => setRepairing({ stationIds: [stationId], alarmIds: selected })}
            >
              {t('alarms.requestRepair', { count: selected.length })}
            </PermissionButton>
          </Space>
        }
        tableProps={{
          rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) },
        }}
        actions={{
          feature: 'alarm.handle',
          extra: (record) => [
            {
              key: 'handle',
              label: t('alarms.handle'),
              feature: 'alarm.handle',
              onClick: () => setHandling([record.id]),
            },
            ...(record.handleStatus === 'unprocessed' || record.isOpen
              ? [
                  {
                    key: 'repair',
                    label: t('alarms.repair'),
                    feature: 'alarm.handle' as const,
                    onClick: () =>
                      setRepairing({
                        stationIds: [stationId],
                        alarmIds: [record.id],
                        reason: record.content,
                      }),
                  },
                ]
              : []),
          ],
        }}
      />
      <AlarmHandleModal
        handling={handling}
        onHandled={() => {
          setHandling(undefined);
          setSelected([]);
        }}
        onClose={() => setHandling(undefined)}
      />
      <RepairRequestModal target={repairing} onClose={closeRepair} />
    </>
  );
}
