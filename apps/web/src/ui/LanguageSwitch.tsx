import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { setAppLanguage, useAppLanguage } from '../i18n/i18n.ts';
import { APP_LANGUAGES, isAppLanguage } from '../i18n/languages.ts';

/** Stable accessible name for the switch in both languages (browser tests find it by this). */
const LANGUAGE_SWITCH_LABEL = 'language';

const LABEL_KEYS = { 'zh-CN': 'common.language.zh', 'en-US': 'common.language.en' } as const;

export function LanguageSwitch({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const language = useAppLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: APP_LANGUAGES.map((key) => ({ key, label: t(LABEL_KEYS[key]) })),
        onClick: ({ key }) => {
          if (isAppLanguage(key)) void setAppLanguage(key);
        },
      }}
    >
      <Button type="text" style={style} icon={<GlobalOutlined />} aria-label={LANGUAGE_SWITCH_LABEL}>
        {t(LABEL_KEYS[language])}
      </Button>
    </Dropdown>
  );
}
