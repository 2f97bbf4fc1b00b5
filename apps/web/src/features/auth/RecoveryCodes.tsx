import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../ui/clipboard.ts';

/** The one-time recovery codes, shown once right after two-factor login was turned on. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={t('auth.secondFactor.recoveryOnce')} />
      <ol
        aria-label={t('auth.secondFactor.recoveryTitle')}
        style={{ columns: 2, margin: 0, paddingInlineStart: 24, fontFamily: 'monospace', fontSize: 15 }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <div>
        <Button onClick={() => void copyWithFeedback(codes.join('\n'))}>
          {t('auth.secondFactor.copyCodes')}
        </Button>
      </div>
    </Flex>
  );
}
