import type { Language, TEnergyResult } from '@masthub/shared';
import ExcelJS from 'exceljs';

const T = {
  zh: {
    summary: '汇总',
    monthly: '逐月',
    hourly: '逐时',
    sectors: '分扇区',
    curves: '功率曲线',
    turbine: '风机型号',
    rated: '额定功率 kW',
    hubSpeed: '轮毂高度平均风速 m/s',
    gross: '理论年发电量（时间序列，平均年）MWh/年',
    plain: '理论年发电量（全部记录平均 × 8766 h）MWh/年',
    weibull: '理论年发电量（Weibull）MWh/年',
    weibullSector: '理论年发电量（分扇区 Weibull）MWh/年',
    cf: '容量系数 %',
    flh: '满发小时数 h',
    loss: '综合折减 %',
    net: '年上网电量 MWh/年',
    exceedance: (p: string) => `${p} 年上网电量 MWh/年`,
    month: '月份',
    hour: '时',
    meanPower: '平均功率 kW',
    energy: '发电量 MWh',
    sector: '扇区',
    frequency: '频率 %',
    meanSpeed: '平均风速 m/s',
    share: '电量占比 %',
    speed: '风速 m/s',
    power: '功率 kW（场址空气密度）',
    setup: (r: TEnergyResult) =>
      `版本 ${r.versionName}；${r.speedChannel.name} ${r.speedChannel.heightM} m → 轮毂 ${r.hubHeight} m；风切变 α = ${r.shearExponent.toFixed(3)}（${r.shearMode}）；空气密度 ${r.meanDensity.toFixed(3)} kg/m³（${r.densitySource}）`,
  },
  en: {
    summary: 'Summary',
    monthly: 'By month',
    hourly: 'By hour',
    sectors: 'By sector',
    curves: 'Power curves',
    turbine: 'Turbine',
    rated: 'Rated power kW',
    hubSpeed: 'Hub-height mean speed m/s',
    gross: 'Gross AEP (time series, average year) MWh/yr',
    plain: 'Gross AEP (all-records mean × 8766 h) MWh/yr',
    weibull: 'Gross AEP (Weibull) MWh/yr',
    weibullSector: 'Gross AEP (Weibull by sector) MWh/yr',
    cf: 'Capacity factor %',
    flh: 'Full-load hours h',
    loss: 'Total losses %',
    net: 'Net AEP MWh/yr',
    exceedance: (p: string) => `${p} net AEP MWh/yr`,
    month: 'Month',
    hour: 'Hour',
    meanPower: 'Mean power kW',
    energy: 'Energy MWh',
    sector: 'Sector',
    frequency: 'Frequency %',
    meanSpeed: 'Mean speed m/s',
    share: 'Energy share %',
    speed: 'Speed m/s',
    power: 'Power kW (site air density)',
    setup: (r: TEnergyResult) =>
      `Version ${r.versionName}; ${r.speedChannel.name} ${r.speedChannel.heightM} m → hub ${r.hubHeight} m; shear α = ${r.shearExponent.toFixed(3)} (${r.shearMode}); air density ${r.meanDensity.toFixed(3)} kg/m³ (${r.densitySource})`,
  },
} as const;

const round = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** The energy yield as an xlsx workbook: summary, by month, by hour, by sector, site power curves. */
export async function buildEnergyWorkbook(result: TEnergyResult, language: Language): Promise<Buffer> {
  const t = T[language];
  const book = new ExcelJS.Workbook();
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };
  const summary = book.addWorksheet(t.summary);
  summary.addRow([t.setup(result)]).font = { italic: true };
  bold(
    summary.addRow([
      t.turbine,
      t.rated,
      t.hubSpeed,
      t.gross,
      t.plain,
      t.weibull,
      t.weibullSector,
      t.cf,
      t.flh,
      t.loss,
      t.net,
      t.exceedance('P50'),
      t.exceedance('P75'),
      t.exceedance('P90'),
    ]),
  );
  for (const r of result.turbines) {
    summary.addRow([
      `${r.manufacturer} ${r.model}`.trim(),
      r.ratedKw,
      round(r.hubMeanSpeed),
      round(r.grossMwh, 1),
      round(r.plainGrossMwh, 1),
      round(r.weibull?.grossMwh, 1),
      round(r.weibullBySectorMwh, 1),
      round(r.capacityFactor === null ? null : r.capacityFactor * 100),
      round(r.fullLoadHours, 0),
      round(r.lossFactor * 100),
      round(r.netMwh, 1),
      round(r.exceedance.P50, 1),
      round(r.exceedance.P75, 1),
      round(r.exceedance.P90, 1),
    ]);
  }
  const monthly = book.addWorksheet(t.monthly);
  bold(
    monthly.addRow([
      t.month,
      ...result.turbines.flatMap((r) => [`${r.model} ${t.meanPower}`, `${r.model} ${t.energy}`]),
    ]),
  );
  for (let m = 0; m < 12; m++) {
    monthly.addRow([
      m + 1,
      ...result.turbines.flatMap((r) => [
        round(r.byMonth[m]?.meanPowerKw, 1),
        round(r.byMonth[m]?.grossMwh, 1),
      ]),
    ]);
  }
  const hourly = book.addWorksheet(t.hourly);
  bold(hourly.addRow([t.hour, ...result.turbines.map((r) => `${r.model} ${t.meanPower}`)]));
  for (let h = 0; h < 24; h++)
    hourly.addRow([h, ...result.turbines.map((r) => round(r.byHour[h]?.meanPowerKw, 1))]);
  if (result.sectorLabels.length > 0) {
    const sectors = book.addWorksheet(t.sectors);
    bold(
      sectors.addRow([
        t.sector,
        t.frequency,
        t.meanSpeed,
        ...result.turbines.flatMap((r) => [`${r.model} ${t.meanPower}`, `${r.model} ${t.share}`]),
      ]),
    );
    result.sectorLabels.forEach((label, s) => {
      const first = result.turbines[0]?.bySector[s];
      sectors.addRow([
        label,
        round((first?.frequency ?? 0) * 100),
        round(first?.meanSpeed),
        ...result.turbines.flatMap((r) => [
          round(r.bySector[s]?.meanPowerKw, 1),
          round(
            r.bySector[s]?.energyShare === null || r.bySector[s]?.energyShare === undefined
              ? null
              : r.bySector[s]!.energyShare! * 100,
          ),
        ]),
      ]);
    });
  }
  const curves = book.addWorksheet(t.curves);
  bold(curves.addRow([t.speed, ...result.turbines.map((r) => `${r.model} ${t.power}`)]));
  const speeds = result.turbines.reduce<number[]>(
    (a, r) => (r.siteCurve.speed.length > a.length ? r.siteCurve.speed : a),
    [],
  );
  for (const [i, v] of speeds.entries()) {
    curves.addRow([v, ...result.turbines.map((r) => round(r.siteCurve.power[i], 1))]);
  }
  for (const sheet of book.worksheets)
    sheet.columns.forEach((c) => {
      c.width = 18;
    });
  return Buffer.from(await book.xlsx.writeBuffer());
}
