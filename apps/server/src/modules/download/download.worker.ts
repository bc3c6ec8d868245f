// The PDF worker (ADR 0040): pdfkit lays a document out synchronously, seconds of CPU for the whole
// word list, so it runs on this thread of download.pool.ts and never on the event loop.
import { type PdfFile, type PdfInput, renderPdf } from './download.pdf.ts';

export default function run(input: PdfInput): Promise<PdfFile> {
  return renderPdf(input);
}
