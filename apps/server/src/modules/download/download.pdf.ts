// The PDF layout of every material (ADR 0040): a document is a list of blocks (headings, paragraphs,
// bullet lists, word rows, formula rows) laid out by pdfkit on A4 with a header (the material's title)
// and a footer (page n of m) on every page. Chinese needs a CJK font: Noto Sans SC from npm
// (@expo-google-fonts/noto-sans-sc, OFL), cut by subset-font down to the characters the document
// uses before pdfkit embeds it, so a 10 MB font becomes a few hundred KB and nothing comes from apt.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import subsetFont from 'subset-font';

export type Block =
  | { kind: 'title'; text: string; note?: string }
  | { kind: 'heading'; text: string }
  /** `keep`: the room (pt) it needs below it on the page, so it is not left alone at a page's foot. */
  | { kind: 'subheading'; text: string; keep?: number }
  | { kind: 'para'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'columns'; head: string[] }
  | { kind: 'word'; no: number; word: string; band: string; gloss: string }
  | { kind: 'formula'; name: string; formula: string; note: string }
  | { kind: 'pageBreak' }
  /** The 错题本: a question's head line (number and kind, then id, wrong count, source). */
  | { kind: 'question'; head: string; meta: string }
  /** A reading passage (paragraphs on lines of their own), indented. */
  | { kind: 'passage'; text: string }
  /** Options, one a line (or one line per blank). */
  | { kind: 'options'; items: string[] }
  /** A labelled line: 我的答案, 正确答案, 解析, a note field. */
  | { kind: 'field'; label: string; text: string; tone?: 'mine' | 'key' | 'muted' }
  /** A thin line between questions. */
  | { kind: 'rule' };

export interface PdfInput {
  /** On every page's header and in the file's metadata. */
  title: string;
  blocks: Block[];
}

export interface PdfFile {
  bytes: Buffer;
  pages: number;
}

const require = createRequire(import.meta.url);
const fontFiles = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
const fontBytes = new Map<keyof typeof fontFiles, Promise<Buffer>>();
function font(which: keyof typeof fontFiles): Promise<Buffer> {
  let bytes = fontBytes.get(which);
  if (!bytes) {
    bytes = readFile(require.resolve(fontFiles[which]));
    fontBytes.set(which, bytes);
  }
  return bytes;
}

const page = { width: 595.28, height: 841.89, left: 48, right: 48, top: 64, bottom: 60 };
const contentWidth = page.width - page.left - page.right;
const ink = '#1f2933';
const muted = '#5f6b7a';
const accent = '#1565c0';
const rule = '#c9d2dc';
const stripe = '#f1f4f8';
const wrongInk = '#c62828';
const rightInk = '#2e7d32';

/** Every character the document draws (its blocks, header, footer, digits), for the font subset. */
function charsOf(input: PdfInput): string {
  const chars = new Set(`${JSON.stringify(input)}•第页共/ 0123456789·GRE 备考资料`);
  return [...chars].join('');
}

/** Word-list columns: 序号, 单词, 词频, GRE 释义. */
const wordCols = [
  { x: page.left, w: 34 },
  { x: page.left + 38, w: 128 },
  { x: page.left + 170, w: 50 },
  { x: page.left + 224, w: contentWidth - 224 },
] as const;
const formulaCols = [
  { x: page.left, w: 130 },
  { x: page.left + 136, w: 200 },
  { x: page.left + 342, w: contentWidth - 342 },
] as const;

export async function renderPdf(input: PdfInput): Promise<PdfFile> {
  const chars = charsOf(input);
  const [regular, bold] = await Promise.all(
    (['regular', 'bold'] as const).map(async (w) => subsetFont(await font(w), chars, { targetFormat: 'truetype' })),
  );
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: page.top, bottom: page.bottom, left: page.left, right: page.right },
    info: { Title: input.title, Author: 'GRE 备考', Subject: input.title },
    pdfVersion: '1.7',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('r', regular);
  doc.registerFont('b', bold);
  doc.font('r').fillColor(ink);
  const bottom = page.height - page.bottom;
  const ensure = (h: number) => {
    if (doc.y + h > bottom) doc.addPage();
  };
  let columnsHead: string[] | null = null;
  const drawColumnsHead = () => {
    if (!columnsHead) return;
    const y = doc.y;
    doc.font('b').fontSize(9).fillColor(muted);
    columnsHead.forEach((h, i) => {
      const c = (columnsHead?.length === 3 ? formulaCols : wordCols)[i];
      if (c) doc.text(h, c.x, y, { width: c.w, lineBreak: false });
    });
    doc
      .moveTo(page.left, y + 14)
      .lineTo(page.width - page.right, y + 14)
      .lineWidth(0.6)
      .strokeColor(rule)
      .stroke();
    doc.x = page.left;
    doc.y = y + 18;
  };
  doc.on('pageAdded', () => {
    doc.y = page.top;
    drawColumnsHead();
  });
  let row = 0;
  for (const b of input.blocks) {
    switch (b.kind) {
      case 'title': {
        doc.font('b').fontSize(22).fillColor(ink).text(b.text, page.left, doc.y, { width: contentWidth });
        if (b.note) doc.moveDown(0.3).font('r').fontSize(10).fillColor(muted).text(b.note, { width: contentWidth });
        doc.moveDown(0.8);
        break;
      }
      case 'heading': {
        columnsHead = null;
        // A heading, the columns' head and a few rows stay together.
        ensure(110);
        doc
          .moveDown(0.4)
          .font('b')
          .fontSize(15)
          .fillColor(accent)
          .text(b.text, page.left, doc.y, { width: contentWidth });
        doc.moveDown(0.3);
        break;
      }
      case 'subheading': {
        ensure(b.keep ?? 40);
        doc
          .moveDown(0.3)
          .font('b')
          .fontSize(11.5)
          .fillColor(ink)
          .text(b.text, page.left, doc.y, { width: contentWidth });
        doc.moveDown(0.15);
        break;
      }
      case 'para': {
        doc.font('r').fontSize(10).fillColor(ink).text(b.text, page.left, doc.y, { width: contentWidth, lineGap: 2 });
        doc.moveDown(0.3);
        break;
      }
      case 'bullets': {
        doc.font('r').fontSize(10).fillColor(ink);
        for (const item of b.items) {
          const h = doc.heightOfString(item, { width: contentWidth - 14, lineGap: 2 });
          ensure(Math.min(h, 40));
          const y = doc.y;
          doc.text('•', page.left + 2, y, { lineBreak: false });
          doc.text(item, page.left + 14, y, { width: contentWidth - 14, lineGap: 2 });
          doc.moveDown(0.2);
        }
        doc.x = page.left;
        doc.moveDown(0.2);
        break;
      }
      case 'columns': {
        columnsHead = b.head;
        row = 0;
        ensure(40);
        drawColumnsHead();
        break;
      }
      case 'word': {
        doc.fontSize(9.5);
        const [no, word, band, gloss] = wordCols;
        doc.font('r');
        const h = Math.max(doc.heightOfString(b.gloss, { width: gloss.w }), 12) + 4;
        doc.font('b');
        const hw = doc.heightOfString(b.word, { width: word.w }) + 4;
        const rowH = Math.max(h, hw);
        ensure(rowH);
        const y = doc.y;
        if (row++ % 2 === 1)
          doc
            .rect(page.left - 2, y - 1, contentWidth + 4, rowH)
            .fillColor(stripe)
            .fill();
        doc
          .font('r')
          .fillColor(muted)
          .text(String(b.no), no.x, y + 1, { width: no.w, lineBreak: false });
        doc
          .font('b')
          .fillColor(ink)
          .text(b.word, word.x, y + 1, { width: word.w });
        doc
          .font('r')
          .fillColor(muted)
          .text(b.band, band.x, y + 1, { width: band.w, lineBreak: false });
        doc.fillColor(ink).text(b.gloss, gloss.x, y + 1, { width: gloss.w });
        doc.x = page.left;
        doc.y = y + rowH;
        break;
      }
      case 'formula': {
        doc.fontSize(10);
        const [name, formula, note] = formulaCols;
        doc.font('r');
        const rowH =
          Math.max(
            doc.heightOfString(b.name, { width: name.w }),
            doc.heightOfString(b.formula, { width: formula.w }),
            doc.heightOfString(b.note, { width: note.w }),
          ) + 6;
        ensure(rowH);
        const y = doc.y;
        if (row++ % 2 === 1)
          doc
            .rect(page.left - 2, y - 1, contentWidth + 4, rowH)
            .fillColor(stripe)
            .fill();
        doc
          .font('b')
          .fillColor(ink)
          .text(b.name, name.x, y + 2, { width: name.w });
        doc
          .font('r')
          .fillColor(accent)
          .text(b.formula, formula.x, y + 2, { width: formula.w });
        doc.fillColor(muted).text(b.note, note.x, y + 2, { width: note.w });
        doc.x = page.left;
        doc.y = y + rowH;
        break;
      }
      case 'question': {
        // The head keeps the start of its question with it.
        ensure(90);
        const y = doc.y + 4;
        doc
          .font('b')
          .fontSize(11.5)
          .fillColor(ink)
          .text(b.head, page.left, y, { width: contentWidth, continued: true });
        doc.font('r').fontSize(9).fillColor(muted).text(`    ${b.meta}`);
        doc.x = page.left;
        doc.moveDown(0.35);
        break;
      }
      case 'passage': {
        // Indented under a 文章 label, in smaller type: it may run for pages, so no panel to split.
        ensure(40);
        doc.font('b').fontSize(10).fillColor(muted).text('文章：', page.left, doc.y, { width: contentWidth });
        doc.font('r').fontSize(9.5).fillColor(ink);
        for (const para of b.text.split('\n')) {
          doc.text(para, page.left + 12, doc.y, { width: contentWidth - 12, lineGap: 2, indent: 0 });
          doc.moveDown(0.25);
        }
        doc.x = page.left;
        doc.moveDown(0.3);
        break;
      }
      case 'options': {
        doc.font('r').fontSize(10).fillColor(ink);
        for (const item of b.items) {
          ensure(14);
          doc.text(item, page.left + 12, doc.y, { width: contentWidth - 12, lineGap: 1.5 });
        }
        doc.x = page.left;
        doc.moveDown(0.3);
        break;
      }
      case 'field': {
        const color = b.tone === 'mine' ? wrongInk : b.tone === 'key' ? rightInk : b.tone === 'muted' ? muted : ink;
        doc.fontSize(10);
        ensure(16);
        doc
          .font('b')
          .fillColor(color)
          .text(`${b.label}：`, page.left, doc.y, { width: contentWidth, continued: true, lineGap: 2 });
        doc
          .font('r')
          .fillColor(b.tone === 'muted' ? muted : ink)
          .text(b.text, { lineGap: 2 });
        doc.x = page.left;
        doc.moveDown(0.2);
        break;
      }
      case 'rule': {
        doc.moveDown(0.4);
        ensure(8);
        doc
          .moveTo(page.left, doc.y)
          .lineTo(page.width - page.right, doc.y)
          .lineWidth(0.5)
          .strokeColor(rule)
          .stroke();
        doc.moveDown(0.6);
        break;
      }
      case 'pageBreak': {
        columnsHead = null;
        doc.addPage();
        break;
      }
    }
  }
  // Header and footer on every page, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc
      .font('b')
      .fontSize(9)
      .fillColor(muted)
      .text(input.title, page.left, 30, { width: contentWidth / 2, lineBreak: false });
    doc.font('r').text('GRE 备考资料', page.left + contentWidth / 2, 30, {
      width: contentWidth / 2,
      align: 'right',
      lineBreak: false,
    });
    doc
      .moveTo(page.left, 46)
      .lineTo(page.width - page.right, 46)
      .lineWidth(0.6)
      .strokeColor(rule)
      .stroke();
    doc.text(`第 ${i + 1} 页 / 共 ${range.count} 页`, page.left, page.height - 38, {
      width: contentWidth,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins = margins;
  }
  doc.end();
  await ended;
  return { bytes: Buffer.concat(chunks), pages: range.count };
}
