/** Shared pdfkit helpers: a document collected into a Buffer, headings, key/value blocks and paged tables. */
import PDFDocument from 'pdfkit';

export type Doc = InstanceType<typeof PDFDocument>;

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

const MARGIN = 48;

/** Runs `draw` on a new A4 document and resolves to the finished PDF bytes. */
export function renderPdf(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: { Title: title, Author: 'hosted-journey sandbox' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** Text in Helvetica from the left margin, wrapped within the margins. */
export function paragraph(doc: Doc, text: string, size = 9): void {
  doc
    .font('Helvetica')
    .fontSize(size)
    .text(text, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
}

/**
 * Monospaced text from the left margin, within the page: `cells` in rows of `perRow`, joined by two spaces. A row
 * wider than the margins allow wraps rather than running off the page.
 */
export function monospaceRows(doc: Doc, cells: string[], perRow: number, size = 8): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Courier').fontSize(size);
  for (let i = 0; i < cells.length; i += perRow)
    doc.text(cells.slice(i, i + perRow).join('  '), MARGIN, doc.y, { width });
}

export function heading(doc: Doc, text: string, size = 14): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(size).fillColor('#10243E').text(text, MARGIN).moveDown(0.3);
  doc.font('Helvetica').fontSize(9).fillColor('#000000');
}

export function keyValues(doc: Doc, pairs: Array<[string, string]>): void {
  for (const [k, v] of pairs) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).text(k, MARGIN, y, { width: 160 });
    doc.font('Helvetica').text(v, MARGIN + 170, y, { width: 320 });
    doc.moveDown(0.2);
  }
}

/** Draws a table, starting new pages (with the header repeated) as needed. */
export function table(doc: Doc, columns: Column[], rows: string[][]): void {
  const rowHeight = 14;
  const header = columns.map((c) => c.header);
  const drawRow = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = MARGIN;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8)
      .fillColor('#000000');
    columns.forEach((col, i) => {
      doc.text(cells[i] ?? '', x + 2, y + 3, {
        width: col.width - 4,
        align: col.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += col.width;
    });
    doc
      .moveTo(MARGIN, y + rowHeight)
      .lineTo(x, y + rowHeight)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor('#C8D1DC')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + rowHeight;
  };
  const fits = () => doc.y + rowHeight <= doc.page.height - MARGIN;
  if (doc.y + 2 * rowHeight > doc.page.height - MARGIN) doc.addPage();
  drawRow(header, true);
  for (const row of rows) {
    if (!fits()) {
      doc.addPage();
      drawRow(header, true);
    }
    drawRow(row, false);
  }
  doc.moveDown(0.5);
}
