import { describe, expect, it } from 'vitest';
import { demoColumns, demoMonthFiles } from './demo-timeseries.ts';

function columnsOf(content: Buffer) {
  const [header, ...rows] = content.toString('utf8').trim().split('\n');
  const names = header!.split(',');
  const cells = rows.map((r) => r.split(','));
  const col = (name: string) => cells.map((c) => Number(c[names.indexOf(name)]));
  return { names, rows: cells, col };
}

const mean = (v: number[]) => {
  const ok = v.filter((x) => Number.isFinite(x) && x !== -9999);
  return ok.reduce((a, b) => a + b, 0) / ok.length;
};

describe('demo logger files', () => {
  it('are deterministic', () => {
    const a = [...demoMonthFiles({ siteIndex: 1, topM: 100, altitudeM: 1200, months: 2 })];
    const b = [...demoMonthFiles({ siteIndex: 1, topM: 100, altitudeM: 1200, months: 2 })];
    expect(a.map((f) => f.content.equals(b[a.indexOf(f)]!.content))).toEqual([true, true]);
    expect(a.map((f) => f.month)).toEqual(['202301', '202302']);
  });

  it('have shear, SD/max/min, direction, T/RH/p and the two top booms', () => {
    const [file] = [...demoMonthFiles({ siteIndex: 0, topM: 100, altitudeM: 1200, months: 1 })];
    const { names, col } = columnsOf(file!.content);
    expect(names).toEqual(['TIMESTAMP', ...demoColumns(100).map((c) => c.name)]);
    const top = mean(col('Spd80m_Avg'));
    const low = mean(col('Spd10m_Avg'));
    const alpha = Math.log(top / low) / Math.log(80 / 10);
    expect(alpha).toBeGreaterThan(0.1);
    expect(alpha).toBeLessThan(0.3);
    expect(mean(col('Spd80m_Max'))).toBeGreaterThan(top);
    expect(mean(col('Spd80m_Min'))).toBeLessThan(top);
    expect(mean(col('Tmp8m_Avg'))).toBeLessThan(5); // January
    expect(mean(col('Prs8m_Avg'))).toBeGreaterThan(800);
  });

  it('has an icing episode in the second January (T < 0 °C, top cups stuck) and tower shadow', () => {
    const files = [...demoMonthFiles({ siteIndex: 0, topM: 100, altitudeM: 1200, months: 13 })];
    const { rows, names, col } = columnsOf(files[12]!.content);
    const speed = col('Spd100m_Avg');
    const temperature = col('Tmp8m_Avg');
    const iced = rows.map((_, i) => i).filter((i) => speed[i]! < 0.4 && col('Spd100m_SD')[i]! <= 0.01);
    expect(iced.length).toBeGreaterThan(3 * 144);
    for (const i of iced) expect(temperature[i]!).toBeLessThan(0);
    // Tower shadow: with wind from ~315° the 135° boom reads lower than the 315° boom.
    const dir = col(names.find((n) => n.startsWith('Dir98'))!);
    const b = col('Spd100mB_Avg');
    const shadowed = rows.map((_, i) => i).filter((i) => Math.abs(dir[i]! - 315) < 5 && speed[i]! > 3);
    expect(shadowed.length).toBeGreaterThan(10);
    expect(mean(shadowed.map((i) => speed[i]! / b[i]!))).toBeLessThan(0.85);
  });
});
