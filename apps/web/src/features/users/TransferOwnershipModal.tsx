import { Alert, Form, Modal, Radio, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useStationUserPage, useTransferAuthority, useUserOptions } from './api.ts';

const OWNED_PAGE_SIZE = 1000;

interface TransferOwnershipModalProps {
  open: boolean;
  /** The current owner. */
  user: { id: number; account: string; userName: string } | undefined;
  /** Preselects "chosen sites" with these (from the UserRight selection). */
  stationIds?: readonly number[];
  onClose: () => void;
  onDone?: (transferred: number) => void;
}

/**
 * Hands a user's sites to another user (SPEC §4/§6: only ownership is transferable; the previous owner
 * loses view and edit rights). Either every owned site or a chosen subset.
 */
export function TransferOwnershipModal({
  open,
  user,
  stationIds,
  onClose,
  onDone,
}: TransferOwnershipModalProps) {
  const { t } = useTranslation();
  const [toUserId, setToUserId] = useState<number>();
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<number[]>([]);
  const [keywords, setKeywords] = useState('');
  const transfer = useTransferAuthority();
  const { data: candidates = [], isFetching: isSearching } = useUserOptions(
    { keywords: keywords || undefined, excludeUserId: user?.id },
    open && user !== undefined,
  );
  const { data: owned, isFetching: isLoadingOwned } = useStationUserPage(
    { userId: user?.id ?? 0, mode: 'granted', kind: 'owner', pageNo: 1, pageSize: OWNED_PAGE_SIZE },
    open && user !== undefined,
  );

  useEffect(() => {
    if (!open) return;
    setToUserId(undefined);
    setKeywords('');
    const preset = stationIds ? [...stationIds] : [];
    setChosen(preset);
    setScope(preset.length > 0 ? 'chosen' : 'all');
  }, [open, stationIds]);

  const ownedCount = owned?.total ?? 0;
  const canSubmit = toUserId !== undefined && (scope === 'all' ? ownedCount > 0 : chosen.length > 0);

  const submit = async () => {
    if (!user || toUserId === undefined) return;
    const reply = await transfer.mutateAsync({
      fromUserId: user.id,
      toUserId,
      ...(scope === 'chosen' ? { stationIds: chosen } : {}),
    });
    feedback.success(t('system.transfer.done', { count: reply.transferred }));
    onDone?.(reply.transferred);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('system.transfer.title', { name: user?.userName ?? '' })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('system.transfer.submit')}
      okButtonProps={{ disabled: !canSubmit }}
      confirmLoading={transfer.isPending}
      width={720}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('system.transfer.hint')} style={{ marginBottom: 16 }} />
      <Form name="transferForm" layout="vertical">
        <Form.Item label={t('system.transfer.toUser')} required htmlFor="masthub-transfer-to">
          <Select
            id="masthub-transfer-to"
            showSearch={{ filterOption: false, onSearch: setKeywords }}
            loading={isSearching}
            value={toUserId}
            onChange={setToUserId}
            placeholder={t('system.transfer.toUserPlaceholder')}
            options={candidates.map((candidate) => ({
              value: candidate.id,
              label: `${candidate.userName} (${candidate.account})`,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('system.transfer.scope')}>
          <Radio.Group
            value={scope}
            onChange={(event) => setScope(event.target.value as 'all' | 'chosen')}
            options={[
              { value: 'all', label: t('system.transfer.scopeAll', { count: ownedCount }) },
              { value: 'chosen', label: t('system.transfer.scopeChosen') },
            ]}
          />
        </Form.Item>
      </Form>
      {scope === 'chosen' ? (
        <>
          <Typography.Text type="secondary">
            {t('system.common.selectedCount', { count: chosen.length })}
          </Typography.Text>
          <Table
            size="small"
            rowKey="stationId"
            loading={isLoadingOwned}
            dataSource={owned?.records ?? []}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            rowSelection={{
              selectedRowKeys: chosen,
              onChange: (keys) => setChosen(keys.map(Number)),
            }}
            columns={[
              { key: 'stationCode', dataIndex: 'stationCode', title: t('system.station.code'), width: 120 },
              { key: 'projectName', dataIndex: 'projectName', title: t('system.station.project') },
            ]}
            style={{ marginTop: 8 }}
          />
        </>
      ) : null}
    </Modal>
  );
}
