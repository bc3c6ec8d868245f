// A multipart/form-data body for app.inject: the upload tests (ADR 0036) and whoever attaches an image.
export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----gre${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
