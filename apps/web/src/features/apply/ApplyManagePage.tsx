import { APPLY_AUDIT_STATUS_NAMES, APPLY_AUDIT_STATUSES, type TApplyRecord } from '@masthub/shared';
import { Modal, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { ApplyDetailDrawer } from './ApplyDetailDrawer.tsx';
import { useApplyPage, useRevokeLink } from './api.ts';
import { applyColumns } from './apply-columns.tsx';
import { ReviewModal, type ReviewTarget } from './ReviewModal.tsx';

function useReviewPage(values: Record<string, unknown>, pageNo: number) {
  return useApplyPage('review', {
    pageNo,
    pageSize: 20,
    ...(values['auditStatus'] ? { auditStatus: values['auditStatus'] as TApplyRecord['auditStatus'] } : {}),
    ...(values['keywords'] ? { keywords: String(values['keywords']) } : {}),
  });
}

/**
 * Download approval (/systemManage/applyManage, SPEC §2, §4): the applications whose sites the reviewer
 * may see, pending first; approve or reject one or several (a comment to reject), follow the export,
 * read who downloaded, revoke a link.
 */
export function ApplyManagePage() {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const formatDateTime = useFormatDateTime();
  const [selected, setSelected] = useState<TApplyRecord[]>([]);
  const [review, setReview] = useState<ReviewTarget>();
  const [detailId, setDetailId] = useState<number>();
  const revoke = useRevokeLink();
  const pendingIds = selected.filter((r) => r.auditStatus === 'pending').map((r) => r.id);

  const decide = (decision: ReviewTarget['decision'], ids: number[]) => {
    if (ids.length === 0) {
      feedback.warning(t('apply.review.selectFirst'));
      return;
    }
    setReview({ ids, decision });
  };

  const askRevoke = (record: TApplyRecord) => {
    Modal.confirm({
      title: t('apply.actions.revoke'),
      content: t('apply.review.revokeConfirm'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await revoke.mutateAsync(record.id);
        feedback.success(t('apply.review.revoked'));
      },
    });
  };

  return (
    <>
      <ListPage<TApplyRecord>
        search={{
          kind: 'form',
          name: 'applySearch',
          fields: [
            {
              kind: 'select',
              name: 'auditStatus',
              label: t('apply.fields.auditStatus'),
              width: 130,
              options: APPLY_AUDIT_STATUSES.map((value) => ({
                value,
                label: APPLY_AUDIT_STATUS_NAMES[value][language],
              })),
            },
            { kind: 'text', name: 'keywords', label: t('apply.fields.keywords'), width: 200 },
          ],
        }}
        usePage={useReviewPage}
        columns={applyColumns(t, formatDateTime, { withApplicant: true })}
        toolbar={
          <Space>
            <Tooltip title={pendingIds.length === 0 ? t('apply.review.selectFirst') : undefined}>
              <PermissionButton
                feature="system.apply"
                type="primary"
                disabled={pendingIds.length === 0}
                data-testid="apply-batch-approve"
                onClick={() => decide('approved', pendingIds)}
              >
                {t('apply.actions.batchApprove')}
              </PermissionButton>
            </Tooltip>
            <PermissionButton
              feature="system.apply"
              danger
              disabled={pendingIds.length === 0}
              onClick={() => decide('rejected', pendingIds)}
            >
              {t('apply.actions.batchReject')}
            </PermissionButton>
          </Space>
        }
        actions={{
          feature: 'system.apply',
          extra: (record) => [
            ...(record.auditStatus === 'pending'
              ? [
                  {
                    key: 'approve',
                    label: t('apply.actions.approve'),
                    onClick: () => decide('approved', [record.id]),
                  },
                  {
                    key: 'reject',
                    label: t('apply.actions.reject'),
                    danger: true,
                    onClick: () => decide('rejected', [record.id]),
                  },
                ]
              : []),
            { key: 'detail', label: t('apply.actions.detail'), onClick: () => setDetailId(record.id) },
            ...(record.auditStatus === 'approved' && record.linkState === 'active'
              ? [
                  {
                    key: 'revoke',
                    label: t('apply.actions.revoke'),
                    danger: true,
                    onClick: () => askRevoke(record),
                  },
                ]
              : []),
          ],
        }}
        tableProps={{
          rowSelection: {
            selectedRowKeys: selected.map((r) => r.id),
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) => setSelected(rows),
            getCheckboxProps: (record) => ({ disabled: record.auditStatus !== 'pending' }),
          },
        }}
      />
      <ReviewModal
        target={review}
        onClose={() => {
          setReview(undefined);
          setSelected([]);
        }}
      />
      <ApplyDetailDrawer id={detailId} onClose={() => setDetailId(undefined)} />
    </>
  );
}
