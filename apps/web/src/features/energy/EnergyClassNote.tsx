import type { TEnergyResult, TEnergyTurbineResult } from '@masthub/shared';
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { siteClassLabel, turbinesExceeded } from './energy-class.ts';

/**
 * The site's IEC 61400-1 class at hub height beside the chosen turbines' (issue 29): a warning naming every
 * turbine whose class the site exceeds, else the class the site fits.
 */
export function EnergyClassNote({ result }: { result: TEnergyResult }) {
  const { t } = useTranslation();
  const site = siteClassLabel(result.siteClass);
  const exceeded = turbinesExceeded(result);
  if (exceeded.length > 0) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="energy-class-warning"
        title={t('energy.result.classWarning', {
          site: site ?? '—',
          turbines: exceeded.map((e) => `${e.model} (${e.iecClass})`).join(t('energy.result.listSeparator')),
        })}
        description={t('energy.result.classWarningHelp')}
      />
    );
  }
  if (!site) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="energy-class"
      title={t(site === 'S' ? 'energy.result.siteClassSpecial' : 'energy.result.siteClass', { site })}
    />
  );
}

/** The energy table's IEC class column: the turbine's class, green ✓ when the site fits it, red ✗ when not. */
export function classColumn(title: string) {
  return {
    title,
    width: 110,
    render: (_: unknown, r: TEnergyTurbineResult) =>
      r.iecClass === null ? (
        '—'
      ) : (
        <Tag color={r.classSuitable === false ? 'red' : r.classSuitable ? 'green' : 'default'}>
          {r.iecClass} {r.classSuitable === false ? '✗' : r.classSuitable ? '✓' : ''}
        </Tag>
      ),
  };
}
