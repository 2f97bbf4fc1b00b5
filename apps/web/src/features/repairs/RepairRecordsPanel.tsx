import type { TRepairRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { useCan } from '../../ui/PermissionButton.tsx';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useRepairRecordPage } from './api.ts';
import { MarkOutageModal } from './MarkOutageModal.tsx';
import { RepairCloseModal } from './RepairCloseModal.tsx';
import { RepairRecordFormModal } from './RepairRecordFormModal.tsx';

function useRecordPage(values: Record<string, unknown>, pageNo: number) {
  return useRepairRecordPage({ pageNo, pageSize: PAGE_SIZE, stationId: values['stationId'] as number });
}

/**
 * The repair records of a site (SPEC §3 repair record): opened by a repair request (or by hand),
 * closed with the maintainer's result — which returns the site to normal and closes its alarms — and
 * then the offer to mark the outage in a working version as invalid, with the repair as the reason.
 */
export function RepairRecordsPanel({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [editing, setEditing] = useState<TRepairRecord | null>();
  const [closing, setClosing] = useState<TRepairRecord>();
  const [marking, setMarking] = useState<TRepairRecord>();
  const canMark = useCan('data.process');

  const columns: FitColumn<TRepairRecord>[] = [
    {
      key: 'status',
      dataIndex: 'statusName',
      title: t('repairs.records.status'),
      width: 100,
      render: (name: string, r) => <Tag color={r.isClosed ? 'green' : 'blue'}>{name}</Tag>,
    },
    {
      key: 'faultType',
      dataIndex: 'faultType',
      title: t('repairs.records.faultType'),
      width: 120,
      wrap: true,
    },
    {
      key: 'faultDesc',
      dataIndex: 'faultDesc',
      title: t('repairs.records.faultDesc'),
      width: 200,
      wrap: true,
    },
    {
      key: 'faultStart',
      dataIndex: 'faultStart',
      title: t('repairs.records.faultStart'),
      width: 110,
      wrap: true,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      key: 'maintainResult',
      dataIndex: 'maintainResult',
      title: t('repairs.records.maintainResult'),
      width: 200,
      wrap: true,
    },
    {
      key: 'maintainStaff',
      dataIndex: 'maintainStaff',
      title: t('repairs.records.maintainStaff'),
      width: 100,
    },
    {
      key: 'maintainDate',
      dataIndex: 'maintainDate',
      title: t('repairs.records.maintainDate'),
      width: 110,
      wrap: true,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      key: 'endTime',
      dataIndex: 'endTime',
      title: t('repairs.records.endTime'),
      width: 110,
      wrap: true,
      render: (v: string | null) => formatDateTime(v),
    },
    { key: 'alarmCount', dataIndex: 'alarmCount', title: t('repairs.records.alarmCount'), width: 80 },
  ];

  return (
    <>
      <ListPage<TRepairRecord>
        bare
        usePage={useRecordPage}
        baseValues={{ stationId }}
        columns={columns}
        editor={{
          feature: 'repair.edit',
          createLabel: t('repairs.records.add'),
          open: (record) => setEditing(record),
        }}
        actions={{
          extra: (record) =>
            record.isClosed
              ? []
              : [
                  {
                    key: 'close',
                    label: t('repairs.records.close'),
                    feature: 'repair.edit',
                    testId: 'repair-close',
                    onClick: () => setClosing(record),
                  },
                ],
        }}
      />
      <RepairRecordFormModal stationId={stationId} editing={editing} onClose={() => setEditing(undefined)} />
      <RepairCloseModal
        closing={closing}
        onClosed={(reply) => {
          setClosing(undefined);
          if (canMark) setMarking(reply);
        }}
        onClose={() => setClosing(undefined)}
      />
      <MarkOutageModal stationId={stationId} record={marking} onClose={() => setMarking(undefined)} />
    </>
  );
}
