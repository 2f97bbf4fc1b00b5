import { useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { readUtcCode, saveUtcCode } from '../../request/request.ts';
import { useUtcOptions } from './api.ts';

/** The `utc-code` sent with every call (SPEC §9), stored in `masthub.utcCode`. */
export function TimeZoneSetting() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: options = [] } = useUtcOptions();
  const [utcCode, setUtcCode] = useState(readUtcCode);
  return (
    <Form layout="vertical">
      <Form.Item
        label={t('person.timeZone.label')}
        htmlFor="masthub-utc-code"
        extra={t('person.timeZone.help')}
      >
        <Select
          id="masthub-utc-code"
          showSearch={{ optionFilterProp: 'label' }}
          value={utcCode}
          style={{ maxWidth: 280 }}
          options={options.map((option) => ({ value: option.code, label: option.label }))}
          onChange={(code: string) => {
            saveUtcCode(code);
            setUtcCode(code);
            feedback.success(t('person.timeZone.saved'));
            // Server times depend on the zone: refetch what is cached.
            void queryClient.invalidateQueries();
          }}
        />
      </Form.Item>
    </Form>
  );
}
