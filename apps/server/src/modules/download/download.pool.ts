// One worker thread that makes the PDFs (download.worker.ts), below the event loop's priority, started
// on the first generation and stopped after a minute without one (the font files take ~20 MB).
import { Piscina } from 'piscina';
import type { PdfFile, PdfInput } from './download.pdf.ts';

export interface PdfRenderer {
  render(input: PdfInput): Promise<PdfFile>;
  close(): Promise<void>;
}

export function createPdfRenderer(): PdfRenderer {
  const pool = new Piscina<PdfInput, PdfFile>({
    filename: new URL('./download.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
  });
  return {
    async render(input) {
      const file = await pool.run(input);
      // Structured clone hands back a Uint8Array.
      return { bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength), pages: file.pages };
    },
    close: () => pool.close(),
  };
}
