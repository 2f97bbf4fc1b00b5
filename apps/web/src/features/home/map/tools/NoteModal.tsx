import { MAP_ANNOTATION_TEXT_MAX, type TMapAnnotation } from '@masthub/shared';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface NoteModalProps {
  /** The note being added or edited, or null when closed. */
  editing: { note: TMapAnnotation; isNew: boolean } | null;
  draft: string;
  onDraft: (text: string) => void;
  onSave: () => void;
  onDelete: () => void;
  onCancel: () => void;
}

/** Adds, edits or deletes a text note of the map. */
export function NoteModal({ editing, draft, onDraft, onSave, onDelete, onCancel }: NoteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={editing !== null}
      title={editing?.isNew ? t('home-tools.note.addTitle') : t('home-tools.note.editTitle')}
      okText={t('home-tools.note.save')}
      cancelText={t('home-tools.note.cancel')}
      okButtonProps={{ disabled: draft.trim() === '' }}
      onOk={onSave}
      onCancel={onCancel}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <Flex justify="space-between">
          <span>
            {editing && !editing.isNew && (
              <Button danger onClick={onDelete}>
                {t('home-tools.note.delete')}
              </Button>
            )}
          </span>
          <Flex gap={8}>
            <CancelBtn />
            <OkBtn />
          </Flex>
        </Flex>
      )}
    >
      <Input.TextArea
        autoFocus
        value={draft}
        maxLength={MAP_ANNOTATION_TEXT_MAX}
        showCount
        aria-label={t('home-tools.note.text')}
        placeholder={t('home-tools.note.placeholder')}
        onChange={(e) => onDraft(e.target.value)}
      />
      {editing && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {editing.note.longitude.toFixed(6)}, {editing.note.latitude.toFixed(6)}
        </Typography.Text>
      )}
    </Modal>
  );
}
