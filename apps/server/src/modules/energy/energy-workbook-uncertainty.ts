import type { Language, TEnergyResult } from '@masthub/shared';
import type ExcelJS from 'exceljs';
import { say } from '../../i18n/index.ts';
import { textsIn } from '../../i18n/pick.ts';

const pct = (v: number, digits = 3) => Math.round(v * 100 * 10 ** digits) / 10 ** digits;

/**
 * The workbook's uncertainty sheet (issue 46 §1): per turbine the components (category, what they are a
 * fraction of, value, in energy, how obtained — a typed one with who and when —, formula and inputs, source),
 * the measurement per height and σ_E with P50…P99 for 1, 10 and 20 years.
 */
export function addUncertaintySheet(book: ExcelJS.Workbook, result: TEnergyResult, language: Language): void {
  if (!result.turbines.some((r) => r.uncertainty)) return;
  const t = textsIn(language, 'energyWorkbook.');
  const sheet = book.addWorksheet(t.uncertaintySheet);
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };
  const typedBy = new Map(result.uncertaintyOverrides.map((o) => [o.key, o]));
  for (const r of result.turbines) {
    const chain = r.uncertainty;
    if (!chain) continue;
    sheet.addRow([
      say(language, 'energyWorkbook.uncertaintyTitle', {
        turbine: `${r.manufacturer} ${r.model}`.trim(),
        s: chain.sensitivity.toFixed(3),
      }),
    ]).font = { italic: true };
    bold(
      sheet.addRow([
        t.uComponent,
        t.uCategory,
        t.uBasis,
        t.uValue,
        t.uEnergy,
        t.uHow,
        t.uFormula,
        t.uSource,
        t.uNote,
      ]),
    );
    for (const c of chain.components) {
      const override = typedBy.get(c.key as never);
      const inputs = Object.entries(c.inputs)
        .map(([k, v]) => `${k} = ${typeof v === 'number' ? Number(v.toPrecision(6)) : v}`)
        .join(', ');
      sheet.addRow([
        c.name ?? t[`component.${c.key}` as keyof typeof t],
        t[`category.${c.category}` as keyof typeof t],
        t[`basis.${c.basis}` as keyof typeof t],
        pct(c.value),
        pct(c.energy),
        t[`how.${c.how}` as keyof typeof t],
        inputs ? `${c.formula}; ${inputs}` : c.formula,
        c.source,
        c.how === 'typed' && override
          ? say(language, 'energyWorkbook.uTypedBy', { user: override.userName, time: override.updatedAt })
          : c.note
            ? t[`note.${c.note}` as keyof typeof t]
            : '',
      ]);
    }
    bold(
      sheet.addRow([
        t.uHeight,
        t.uMeanSpeed,
        t.uClass,
        t.uOperational,
        t.uCalibration,
        t.uMounting,
        t.uCombined,
      ]),
    );
    for (const m of chain.measurement) {
      sheet.addRow([
        m.heightM,
        Number(m.meanSpeedMps.toFixed(3)),
        m.classIndex,
        pct(m.operational),
        pct(m.calibration),
        pct(m.mounting),
        pct(m.combined),
      ]);
    }
    bold(
      sheet.addRow([
        t.uYears,
        t.uSigma,
        ...(['P50', 'P75', 'P90', 'P99'] as const).map((p) =>
          say(language, 'energyWorkbook.exceedance', { p }),
        ),
      ]),
    );
    for (const h of chain.horizons)
      sheet.addRow([
        h.years,
        pct(h.sigma),
        ...[h.P50, h.P75, h.P90, h.P99].map((v) => Math.round(v * 10) / 10),
      ]);
    sheet.addRow([]);
  }
}
