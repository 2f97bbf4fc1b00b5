import { createRequire } from 'node:module';
import path from 'node:path';
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import PDFDocument from 'pdfkit';

/** A report as blocks both renderers (Word, PDF) lay out the same way. */
export type TBlock =
  | { kind: 'title'; text: string; subtitle: string }
  | { kind: 'heading'; text: string; level?: 1 | 2 }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; columns: { title: string; width: number }[]; rows: string[][] }
  | { kind: 'chart'; id: string; caption: string };

const require = createRequire(import.meta.url);

/**
 * Noto Sans SC (SIL OFL), shipped by npm: the PDF embeds the subset it uses, so Chinese reads on a
 * machine without Chinese fonts.
 */
export const CJK_FONT = {
  regular: path.join(
    path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json')),
    '400Regular/NotoSansSC_400Regular.ttf',
  ),
  bold: path.join(
    path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json')),
    '700Bold/NotoSansSC_700Bold.ttf',
  ),
};

/** A chart as PNG (the same picture in Word and PDF) with its pixel size. */
export interface TChartImage {
  png: Buffer;
  width: number;
  height: number;
}

const FONT_FAMILY = { ascii: 'Arial', hAnsi: 'Arial', eastAsia: 'Microsoft YaHei', cs: 'Arial' };

/** The report as a Word document (.docx). */
export async function renderDocx(blocks: TBlock[], charts: Map<string, TChartImage>): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [];
  for (const block of blocks) {
    if (block.kind === 'title') {
      children.push(
        new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, text: block.text }),
        new Paragraph({
          alignment: AlignmentType.CENTER,
          children: [new TextRun({ text: block.subtitle, size: 20 })],
        }),
      );
    } else if (block.kind === 'heading') {
      children.push(
        new Paragraph({
          heading: block.level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_1,
          text: block.text,
        }),
      );
    } else if (block.kind === 'paragraph') {
      children.push(new Paragraph({ text: block.text, spacing: { after: 120 } }));
    } else if (block.kind === 'chart') {
      const image = charts.get(block.id);
      if (!image) continue;
      const width = 600;
      children.push(
        new Paragraph({
          alignment: AlignmentType.CENTER,
          children: [
            new ImageRun({
              type: 'png',
              data: image.png,
              transformation: { width, height: Math.round((width * image.height) / image.width) },
              altText: { name: block.caption, title: block.caption, description: block.caption },
            }),
          ],
        }),
        new Paragraph({
          alignment: AlignmentType.CENTER,
          children: [new TextRun({ text: block.caption, size: 18 })],
        }),
      );
    } else {
      const total = block.columns.reduce((s, c) => s + c.width, 0);
      const cell = (text: string, isHeader: boolean, width: number) =>
        new TableCell({
          width: { size: Math.round((width / total) * 100), type: WidthType.PERCENTAGE },
          shading: isHeader ? { fill: 'E8F3EC' } : undefined,
          children: [new Paragraph({ children: [new TextRun({ text, bold: isHeader, size: 18 })] })],
        });
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          borders: {
            top: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
            bottom: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
            left: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
            right: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
            insideHorizontal: { style: BorderStyle.SINGLE, size: 2, color: 'CCCCCC' },
            insideVertical: { style: BorderStyle.SINGLE, size: 2, color: 'CCCCCC' },
          },
          rows: [
            new TableRow({
              tableHeader: true,
              children: block.columns.map((c) => cell(c.title, true, c.width)),
            }),
            ...block.rows.map(
              (row) =>
                new TableRow({ children: row.map((text, i) => cell(text, false, block.columns[i]!.width)) }),
            ),
          ],
        }),
        new Paragraph({ text: '' }),
      );
    }
  }
  const doc = new Document({
    styles: { default: { document: { run: { font: FONT_FAMILY, size: 21 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}

const PAGE = { margin: 48, width: 595.28, height: 841.89 };

/** The report as PDF (A4), Noto Sans SC embedded. */
export async function renderPdf(
  blocks: TBlock[],
  charts: Map<string, TChartImage>,
  title: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: title, Creator: 'MastHub' },
  });
  doc.registerFont('cjk', CJK_FONT.regular);
  doc.registerFont('cjk-bold', CJK_FONT.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;
  const ensure = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };
  for (const block of blocks) {
    if (block.kind === 'title') {
      doc.font('cjk-bold').fontSize(18).text(block.text, { align: 'center' });
      doc.moveDown(0.3);
      doc
        .font('cjk')
        .fontSize(9)
        .fillColor('#555555')
        .text(block.subtitle, { align: 'center' })
        .fillColor('black');
      doc.moveDown(1);
    } else if (block.kind === 'heading') {
      ensure(40);
      doc.moveDown(0.5);
      doc
        .font('cjk-bold')
        .fontSize(block.level === 2 ? 11 : 13)
        .text(block.text, PAGE.margin);
      doc.moveDown(0.3);
    } else if (block.kind === 'paragraph') {
      doc.font('cjk').fontSize(10).text(block.text, PAGE.margin, undefined, { width: contentWidth });
      doc.moveDown(0.5);
    } else if (block.kind === 'chart') {
      const image = charts.get(block.id);
      if (!image) continue;
      const height = (contentWidth * image.height) / image.width;
      ensure(height + 20);
      doc.image(image.png, PAGE.margin, doc.y, { width: contentWidth });
      doc.y += height + 4;
      doc
        .font('cjk')
        .fontSize(9)
        .text(block.caption, PAGE.margin, doc.y, { width: contentWidth, align: 'center' });
      doc.moveDown(0.8);
    } else {
      const total = block.columns.reduce((s, c) => s + c.width, 0);
      const widths = block.columns.map((c) => (c.width / total) * contentWidth);
      const drawRow = (cells: string[], isHeader: boolean) => {
        doc.font(isHeader ? 'cjk-bold' : 'cjk').fontSize(8);
        const heights = cells.map((text, i) => doc.heightOfString(text || ' ', { width: widths[i]! - 6 }));
        const rowHeight = Math.max(...heights) + 6;
        if (doc.y + rowHeight > bottom) {
          doc.addPage();
          if (!isHeader)
            drawRow(
              block.columns.map((c) => c.title),
              true,
            );
          doc.font(isHeader ? 'cjk-bold' : 'cjk').fontSize(8);
        }
        const y = doc.y;
        let x = PAGE.margin;
        if (isHeader) doc.rect(PAGE.margin, y, contentWidth, rowHeight).fill('#E8F3EC').fillColor('black');
        for (const [i, text] of cells.entries()) {
          doc.text(text, x + 3, y + 3, { width: widths[i]! - 6 });
          x += widths[i]!;
        }
        doc
          .moveTo(PAGE.margin, y + rowHeight)
          .lineTo(PAGE.margin + contentWidth, y + rowHeight)
          .lineWidth(0.5)
          .strokeColor('#BBBBBB')
          .stroke();
        doc.y = y + rowHeight;
      };
      ensure(40);
      drawRow(
        block.columns.map((c) => c.title),
        true,
      );
      for (const row of block.rows) drawRow(row, false);
      doc.x = PAGE.margin;
      doc.moveDown(0.8);
    }
  }
  doc.end();
  return done;
}
