import { formatUnit, type Language, type TStatisticsResult } from '@masthub/shared';
import type ExcelJS from 'exceljs';
import { header, type THeaderKey } from './statistics-labels.ts';

type TCell = string | number | null;

/** Writes tables one under another with a blank row between; headers bold. */
export class SheetWriter {
  private hasContent = false;

  constructor(
    readonly sheet: ExcelJS.Worksheet,
    private readonly language: Language,
  ) {}

  title(text: string): void {
    if (this.hasContent) this.sheet.addRow([]);
    this.sheet.addRow([text]).font = { bold: true, italic: true };
    this.hasContent = true;
  }

  table(
    headers: readonly (THeaderKey | { text: string })[],
    rows: readonly TCell[][],
    caption?: string,
  ): void {
    if (caption) this.title(caption);
    else if (this.hasContent) this.sheet.addRow([]);
    const names = headers.map((h) => (typeof h === 'string' ? header(h, this.language) : h.text));
    this.sheet.addRow(names).font = { bold: true };
    for (const row of rows) this.sheet.addRow(row.map((v) => (v === null ? '' : v)));
    this.hasContent = true;
  }
}

export function strengthText(strength: { rText: string; rSquaredText: string }): string {
  return `${strength.rText} / ${strength.rSquaredText}`;
}

export function fixed(value: number | null, digits: number): number | null {
  return value === null ? null : Number(value.toFixed(digits));
}

/** What every sheet is written from: the analysis, the caller's language, a channel's name by id. */
export interface TSheetInput {
  result: TStatisticsResult;
  language: Language;
  name: (id: number | null) => string;
}

/** A series' column header: its channel name and unit. */
export function seriesHeaderOf(name: (id: number | null) => string) {
  return (s: { element: string; heightTag: string; unit: string; channelId: number }) => ({
    text: `${name(s.channelId)}${s.unit ? ` (${formatUnit(s.unit)})` : ''}`,
  });
}
