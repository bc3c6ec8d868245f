// The build's brotli and gzip copies: they must decompress to the file itself, exist only where they
// help, and come out byte for byte the same on every build (the first-screen budget relies on it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const script = Buffer.from(Array.from({ length: 300 }, (_, i) => `export const a${i} = ${i};\n`).join(''));
fs.mkdirSync(path.join(dir, 'assets'));
fs.writeFileSync(path.join(dir, 'assets/index-AAAAAAAA.js'), script);
fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>GRE 备考</title>'.repeat(20));
fs.writeFileSync(path.join(dir, 'assets/index-AAAAAAAA.js.map'), '{"version":3}'.repeat(50));
fs.writeFileSync(path.join(dir, 'assets/font-BBBBBBBB.woff2'), Buffer.alloc(2000, 7));
fs.writeFileSync(path.join(dir, 'tiny.txt'), 'a');

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files that decompress to the original', async () => {
    const files = await precompressDir(dir);
    const js = path.join(dir, 'assets/index-AAAAAAAA.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).equals(script)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).equals(script)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    const entry = files.find((f) => f.file === 'assets/index-AAAAAAAA.js');
    expect(entry?.brotli).toBe(fs.statSync(`${js}.br`).size);
    expect(entry?.brotli).toBeLessThan(script.length / 4);
  });

  it('leaves source maps, fonts and files that would not shrink alone', () => {
    for (const f of ['assets/index-AAAAAAAA.js.map', 'assets/font-BBBBBBBB.woff2', 'tiny.txt']) {
      expect(fs.existsSync(path.join(dir, `${f}.br`)), f).toBe(false);
      expect(fs.existsSync(path.join(dir, `${f}.gz`)), f).toBe(false);
    }
  });

  it('gives the same bytes on every build', async () => {
    const first = fs.readFileSync(path.join(dir, 'assets/index-AAAAAAAA.js.br'));
    await precompressDir(dir);
    expect(fs.readFileSync(path.join(dir, 'assets/index-AAAAAAAA.js.br')).equals(first)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets/index-AAAAAAAA.js.br.br'))).toBe(false);
  });
});
