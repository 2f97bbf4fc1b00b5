import { ExclamationCircleFilled } from '@ant-design/icons';
import type { TDoubt, TInference, TRecognizedChannel } from '@masthub/shared';
import { localizeDoubt, localizeEvidence } from '@masthub/shared/i18n/ingestion.ts';
import { Alert, Button, Checkbox, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';

interface TDoubtChoice {
  /** The doubts still open (as the user edited the preview). */
  doubts: TDoubt[];
  /** The ids the user confirmed as they are. */
  accepted: readonly string[];
  onAcceptedChange: (accepted: string[]) => void;
}

/** One doubt: its text in the reader's language and "confirm as it is". */
function DoubtLine({ doubt, accepted, onAcceptedChange }: { doubt: TDoubt } & Omit<TDoubtChoice, 'doubts'>) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const isAccepted = accepted.includes(doubt.id);
  return (
    <Flex gap={8} align="flex-start" data-testid={`doubt-${doubt.id}`}>
      <ExclamationCircleFilled style={{ color: isAccepted ? '#8c8c8c' : '#faad14', marginTop: 4 }} />
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text type={isAccepted ? 'secondary' : undefined}>
          {localizeDoubt(doubt, language)}
        </Typography.Text>
        {doubt.suggestion?.unit ? (
          <Typography.Text type="secondary">
            {t('ingestion.doubts.suggestUnit', { unit: doubt.suggestion.unit })}
          </Typography.Text>
        ) : null}
        <Checkbox
          checked={isAccepted}
          onChange={(event) =>
            onAcceptedChange(
              event.target.checked ? [...accepted, doubt.id] : accepted.filter((id) => id !== doubt.id),
            )
          }
        >
          {t('ingestion.doubts.accept')}
        </Checkbox>
      </Flex>
    </Flex>
  );
}

/**
 * The doubts of the whole file and its time axis, with "confirm as it is" each and for all (issue 40); the
 * doubts of a column are shown in its row of the channel table (DoubtCell).
 */
export function DoubtsPanel({ doubts, accepted, onAcceptedChange }: TDoubtChoice) {
  const { t } = useTranslation();
  const fileDoubts = doubts.filter((doubt) => doubt.column === null);
  const open = doubts.filter((doubt) => !accepted.includes(doubt.id));
  if (doubts.length === 0) return null;
  return (
    <Alert
      type={open.length > 0 ? 'warning' : 'success'}
      showIcon
      data-testid="doubts-panel"
      title={
        open.length > 0
          ? t('ingestion.doubts.open', { count: open.length })
          : t('ingestion.doubts.allAnswered', { count: doubts.length })
      }
      description={
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('ingestion.doubts.explain')}</Typography.Text>
          {fileDoubts.map((doubt) => (
            <DoubtLine key={doubt.id} doubt={doubt} accepted={accepted} onAcceptedChange={onAcceptedChange} />
          ))}
          {open.length > 0 ? (
            <div>
              <Button
                size="small"
                onClick={() => onAcceptedChange([...new Set([...accepted, ...doubts.map((d) => d.id)])])}
              >
                {t('ingestion.doubts.acceptAll', { count: open.length })}
              </Button>
            </div>
          ) : null}
        </Flex>
      }
    />
  );
}

/** The doubts of one column, in its row of the channel table. */
export function DoubtCell({
  channel,
  doubts,
  accepted,
  onAcceptedChange,
}: { channel: TRecognizedChannel } & TDoubtChoice) {
  const mine = doubts.filter((doubt) => doubt.column === channel.column);
  if (mine.length === 0) return null;
  return (
    <Flex vertical gap={6} style={{ minWidth: 260 }}>
      {mine.map((doubt) => (
        <DoubtLine key={doubt.id} doubt={doubt} accepted={accepted} onAcceptedChange={onAcceptedChange} />
      ))}
    </Flex>
  );
}

const CONFIDENCE_COLOR: Record<TInference['confidence'], string> = {
  stated: '#52c41a',
  convention: '#1677ff',
  assumed: '#faad14',
};

/** What a channel's element, statistic, height and unit were read from, with how sure (a hover). */
export function EvidenceMark({ channel }: { channel: TRecognizedChannel }) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const evidence = channel.evidence;
  if (!evidence) return null;
  const parts = (['element', 'statistic', 'height', 'unit'] as const).map((part) => ({
    part,
    inference: evidence[part],
  }));
  const weakest = parts.some((p) => p.inference.confidence === 'assumed')
    ? 'assumed'
    : parts.some((p) => p.inference.confidence === 'convention')
      ? 'convention'
      : 'stated';
  return (
    <Tooltip
      title={
        <Flex vertical gap={2}>
          {parts.map(({ part, inference }) => (
            <span key={part}>
              {t(`ingestion.channel.${part}`)}: {localizeEvidence(inference.evidence, language)} (
              {t(`ingestion.confidence.${inference.confidence}`)})
            </span>
          ))}
        </Flex>
      }
    >
      <Typography.Text
        data-testid={`evidence-${channel.column}`}
        style={{ color: CONFIDENCE_COLOR[weakest], cursor: 'help' }}
      >
        {t(`ingestion.confidence.${weakest}`)}
      </Typography.Text>
    </Tooltip>
  );
}
