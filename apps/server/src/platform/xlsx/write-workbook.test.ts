import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { shareEmptyStyles, writeWorkbook } from './write-workbook.ts';

/** A sheet with a bold header, numbers, text, a date, a formatted number and blank cells between. */
function sampleWorkbook(): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据 Data');
  sheet.addRow(['时间 Time', 'Speed (m/s)', 'Note']).font = { bold: true };
  for (let i = 0; i < 50; i++)
    sheet.addRow([`2025-01-01 00:${String(i).padStart(2, '0')}`, i / 7, i % 3 ? '' : 'ok']);
  sheet.addRow([]);
  sheet.addRow([new Date(Date.UTC(2025, 0, 2)), 3.25, 'date']);
  const formatted = sheet.addRow(['formatted', 0.123456, null]);
  formatted.getCell(2).numFmt = '0.00%';
  book.addWorksheet('Second').addRow([1, 'two', 3]);
  return book;
}

/** Every cell's value, number format and boldness, as a reader of the file sees them. */
async function readBack(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: unknown[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row, r) =>
      row.eachCell((cell, c) =>
        cells.push([sheet.name, r, c, cell.value, cell.numFmt ?? null, cell.font?.bold ?? false]),
      ),
    ),
  );
  return cells;
}

describe('writeWorkbook', () => {
  it('writes a file a reader sees cell for cell as exceljs writes it without shared styles', async () => {
    const plain = Buffer.from(await sampleWorkbook().xlsx.writeBuffer());
    const shared = await writeWorkbook(sampleWorkbook());
    const expected = await readBack(plain);
    expect(expected.length).toBeGreaterThan(150);
    expect(await readBack(shared)).toEqual(expected);
  });

  it('keeps the date format of a date cell and the bold of the header', async () => {
    const cells = (await readBack(await writeWorkbook(sampleWorkbook()))) as unknown[][];
    const date = cells.find((c) => c[3] instanceof Date)!;
    expect(date[4]).toMatch(/[dy]/);
    expect(cells.filter((c) => c[5] === true).map((c) => c[3])).toEqual(['时间 Time', 'Speed (m/s)', 'Note']);
  });

  it('gives unstyled cells of one value type one style object, and leaves styled cells their own', () => {
    const book = sampleWorkbook();
    shareEmptyStyles(book);
    const sheet = book.getWorksheet('数据 Data')!;
    expect(sheet.getCell('B2').style).toBe(sheet.getCell('B30').style);
    expect(sheet.getCell('A2').style).toBe(sheet.getCell('A30').style);
    expect(sheet.getCell('A2').style).not.toBe(sheet.getCell('B2').style);
    expect(sheet.getCell('A1').style).not.toBe(sheet.getCell('A2').style);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('B54').numFmt).toBe('0.00%');
  });
});
