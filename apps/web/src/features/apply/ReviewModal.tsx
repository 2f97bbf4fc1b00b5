import {
  APPLY_LINK_DAYS_DEFAULT,
  APPLY_LINK_DAYS_MAX,
  APPLY_REASON_MAX,
  type TApplyReview,
  ZApplyReview,
} from '@masthub/shared';
import { Alert, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useSenders } from '../repairs/index.ts';
import { useSystemInfo } from '../system-info/index.ts';
import { useReviewApplications } from './api.ts';

interface ReviewFormValues {
  comment: string;
  linkDays: number;
  dataSourceId?: number | null;
}

export interface ReviewTarget {
  ids: number[];
  decision: 'approved' | 'rejected';
}

/** Approve (link validity, sender mailbox) or reject (comment required) one or several applications. */
export function ReviewModal({ target, onClose }: { target: ReviewTarget | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const review = useReviewApplications();
  const senders = useSenders(target !== undefined);
  const systemInfo = useSystemInfo();
  const isApprove = target?.decision === 'approved';
  return (
    <SchemaFormModal<ReviewFormValues, TApplyReview, { updated: number; mailed: boolean }>
      open={target !== undefined}
      name="applyReviewForm"
      title={t(isApprove ? 'apply.review.approveTitle' : 'apply.review.rejectTitle', {
        count: target?.ids.length ?? 0,
      })}
      okText={t(isApprove ? 'apply.actions.approve' : 'apply.actions.reject')}
      initialValues={{ comment: '', linkDays: APPLY_LINK_DAYS_DEFAULT, dataSourceId: null }}
      toRequest={(values) => ({
        ids: target?.ids ?? [],
        decision: target?.decision ?? 'approved',
        comment: values.comment ?? '',
        linkDays: values.linkDays,
        dataSourceId: values.dataSourceId ?? null,
      })}
      schema={ZApplyReview}
      save={(request) => review.mutateAsync(request)}
      savedMessage={t('apply.review.done', { count: target?.ids.length ?? 0 })}
      onSaved={(reply) => {
        if (!reply.mailed) feedback.warning(t('apply.review.notMailed'));
        onClose();
      }}
      onClose={onClose}
    >
      {() => (
        <>
          <RuleItem name="comment" label={t('apply.review.comment')} required={!isApprove}>
            <Input.TextArea rows={2} showCount maxLength={APPLY_REASON_MAX} />
          </RuleItem>
          {isApprove ? (
            <>
              {systemInfo.data?.hasPublicUrl === false ? (
                <Alert
                  type="info"
                  showIcon
                  title={t('apply.review.noPublicUrl')}
                  style={{ marginBottom: 16 }}
                />
              ) : null}
              <RuleItem name="linkDays" label={t('apply.review.linkDays')}>
                <InputNumber min={1} max={APPLY_LINK_DAYS_MAX} precision={0} style={{ width: 160 }} />
              </RuleItem>
              <Form.Item
                name="dataSourceId"
                label={t('apply.review.sender')}
                extra={t('apply.review.senderHint')}
              >
                <Select
                  allowClear
                  loading={senders.isFetching}
                  options={(senders.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                />
              </Form.Item>
            </>
          ) : null}
        </>
      )}
    </SchemaFormModal>
  );
}
