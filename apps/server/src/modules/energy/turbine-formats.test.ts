import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsxBomb } from '../../../test/archives.ts';
import { DEFAULT_ARCHIVE_LIMITS } from '../../platform/files/archive-limits.ts';
import {
  parseCurveCsv,
  parseCurveXlsx,
  parsePow,
  parseTurbineFile,
  parseWtg,
  TurbineFileError,
  writeWtg,
} from './turbine-formats.ts';

const WTG = `<?xml version="1.0" encoding="utf-8"?>
<WindTurbineGenerator Description="Demo 2.0 MW" ManufacturerName="Example" FormatVersion="1.0" RotorDiameter="100">
  <SuggestedHeights><Height>80</Height><Height>100</Height></SuggestedHeights>
  <PerformanceTable AirDensity="1.1">
    <DataTable><DataPoint WindSpeed="4" PowerOutput="50000" ThrustCoEfficient="0.8"/><DataPoint WindSpeed="12" PowerOutput="1900000" ThrustCoEfficient="0.5"/></DataTable>
  </PerformanceTable>
  <PerformanceTable AirDensity="1.225">
    <StartStopStrategy LowSpeedCutIn="3" HighSpeedCutOut="25"/>
    <DataTable>
      <DataPoint WindSpeed="25" PowerOutput="2000000" ThrustCoEfficient="0.06"/>
      <DataPoint WindSpeed="3" PowerOutput="0" ThrustCoEfficient="0.9"/>
      <DataPoint WindSpeed="8" PowerOutput="800000" ThrustCoEfficient="0.78"/>
      <DataPoint WindSpeed="13" PowerOutput="2000000" ThrustCoEfficient="0.4"/>
    </DataTable>
  </PerformanceTable>
</WindTurbineGenerator>`;

describe('turbine files', () => {
  it('reads a WAsP .wtg: the table at 1.225 kg/m³, W to kW, sorted, heights and diameter', () => {
    const t = parseWtg(WTG, 'demo.wtg');
    expect(t).toMatchObject({
      model: 'Demo 2.0 MW',
      manufacturer: 'Example',
      rotorDiameterM: 100,
      hubHeightsM: [80, 100],
      referenceDensity: 1.225,
      ratedKw: 2000,
      regulation: 'pitch',
    });
    expect(t.curve.map((p) => [p.speed, p.power, p.ct])).toEqual([
      [3, 0, 0.9],
      [8, 800, 0.78],
      [13, 2000, 0.4],
      [25, 2000, 0.06],
    ]);
  });

  it('writes a .wtg that reads back to the same turbine', () => {
    const t = parseWtg(WTG, 'demo.wtg');
    expect(parseWtg(writeWtg(t), 'x.wtg')).toEqual(t);
  });

  it('refuses XML that is not a turbine and a file without a curve', () => {
    expect(() => parseWtg('<Other/>', 'a.wtg')).toThrow(TurbineFileError);
    expect(() => parseWtg('<WindTurbineGenerator', 'a.wtg')).toThrow(TurbineFileError);
    expect(() => parseCurveCsv('speed,power\n', 'a.csv')).toThrow(/no_curve/);
  });

  it('reads a WAsP .pow with its conversion factors, and a table in W', () => {
    const kw = parsePow('Demo pow\n80 100\n1 1\n3 0 0.9\n8 800 0.78\n13 2000 0.4\n25 2000 0.06\n', 'd.pow');
    expect(kw).toMatchObject({ model: 'Demo pow', hubHeightsM: [80], rotorDiameterM: 100, ratedKw: 2000 });
    const watts = parsePow('Demo W\n80 100\n1 1\n3 0\n8 800000\n13 2000000\n', 'd.pow');
    expect(watts.ratedKw).toBe(2000);
    expect(watts.curve[1]).toEqual({ speed: 8, power: 800, ct: null });
  });

  it('reads a CSV with a header and a Chinese name, and calls a falling curve stall', () => {
    const t = parseCurveCsv('风速,功率,Ct\n4,100\n10,1500\n14,1650\n20,1400\n25,1200\n', '失速机.csv');
    expect(t).toMatchObject({ model: '失速机', ratedKw: 1650, regulation: 'stall' });
  });

  it('reads the first sheet of an xlsx', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('curve');
    sheet.addRow(['Wind speed (m/s)', 'Power (kW)']);
    sheet.addRow([3, 0]);
    sheet.addRow([10, 3000]);
    sheet.addRow([25, 3000]);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const t = await parseCurveXlsx(content, 'x.xlsx', DEFAULT_ARCHIVE_LIMITS);
    expect(t.curve).toHaveLength(3);
    expect((await parseTurbineFile('x.xlsx', content, DEFAULT_ARCHIVE_LIMITS)).ratedKw).toBe(3000);
  });

  it('reads at most 32 MB unpacked from a curve workbook, whatever the configured limits allow', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('curve').addRow(['Wind speed (m/s)', 'Power (kW)']);
    const big = await buildXlsxBomb(Buffer.from(await book.xlsx.writeBuffer()));
    const generous = { ...DEFAULT_ARCHIVE_LIMITS, maxRatio: 1000 };
    await expect(parseCurveXlsx(big, 'big.xlsx', generous)).rejects.toMatchObject({
      code: 'ARCHIVE_TOO_LARGE',
      details: { fileName: 'big.xlsx', maxMb: 32 },
    });
  });

  it('reads formula results, rich text and text numbers of an xlsx as exceljs gives them', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('curve');
    sheet.addRow(['Wind speed (m/s)', 'Power (kW)', 'Ct']);
    sheet.addRow([3, { formula: '0*1', result: 0 }, 0.8]);
    sheet.addRow([{ richText: [{ text: '1' }, { font: { bold: true }, text: '0' }] }, ' 2000 ', 0.6]);
    sheet.addRow([25, { formula: 'B3', result: 2000 }, { formula: 'C3/2', result: 0.3 }]);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const t = await parseCurveXlsx(content, 'x.xlsx', DEFAULT_ARCHIVE_LIMITS);
    expect(t.curve).toEqual([
      { speed: 3, power: 0, ct: 0.8 },
      { speed: 10, power: 2000, ct: 0.6 },
      { speed: 25, power: 2000, ct: 0.3 },
    ]);
  });
});
