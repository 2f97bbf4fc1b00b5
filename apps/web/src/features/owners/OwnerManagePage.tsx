import type { TOwnerRecord } from '@masthub/shared';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { checkOwnerDelete, useDeleteOwner, useOwnerPage } from './api.ts';
import { OwnerFormModal } from './OwnerFormModal.tsx';
import { toOwnerPageRequest } from './owners.utils.ts';

/** The owners page for the list's keyword search. */
function useOwners(values: Record<string, unknown>, pageNo: number) {
  return useOwnerPage(toOwnerPageRequest(String(values['keywords'] ?? ''), pageNo));
}

/** Owners (SPEC §2 /systemManage/OwnerManage, §3 Owner): search, page 20, create, edit, delete. */
export function OwnerManagePage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [editing, setEditing] = useState<TOwnerRecord | null>();
  const deleteOwner = useDeleteOwner();

  const columns: TableColumnsType<TOwnerRecord> = [
    { key: 'name', dataIndex: 'name', title: t('registry.owner.fields.name'), width: 220, ellipsis: true },
    { key: 'phone', dataIndex: 'phone', title: t('registry.owner.fields.phone'), width: 160 },
    { key: 'email', dataIndex: 'email', title: t('registry.owner.fields.email'), width: 240 },
    {
      key: 'stationCount',
      dataIndex: 'stationCount',
      title: t('registry.owner.fields.stationCount'),
      width: 100,
      align: 'right',
    },
    dateTimeColumn('createTime', t('system.common.createTime'), formatDateTime),
  ];

  return (
    <>
      <ListPage<TOwnerRecord>
        search={{ kind: 'keywords', placeholder: t('registry.owner.searchPlaceholder') }}
        usePage={useOwners}
        columns={columns}
        editor={{
          feature: 'system.owner',
          createLabel: t('registry.owner.create'),
          open: setEditing,
        }}
        actions={{
          delete: {
            // The server knows whether sites still name this owner.
            check: (owner) => checkOwnerDelete(owner.id),
            remove: (owner) => deleteOwner.mutateAsync(owner.id),
            refusedTitle: (owner) => t('registry.owner.delete.refused', { name: owner.name }),
            title: t('registry.owner.delete.title'),
            confirm: (owner) => t('registry.owner.delete.confirm', { name: owner.name }),
          },
        }}
      />
      <OwnerFormModal
        open={editing !== undefined}
        owner={editing ?? undefined}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </>
  );
}
