// Brotli and gzip copies of the built text files, made once at build time (docs/decisions/0019):
// the server picks one by Accept-Encoding (@fastify/static `preCompressed`) instead of compressing
// on every request, so brotli can run at its slowest, smallest setting. Deterministic: the same
// build gives the same bytes, which lets a test hold the first screen's scripts to a budget.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text that compresses well. Fonts (woff2 is compressed already) and source maps (never served in production) are left out. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;

export interface CompressedFile {
  file: string;
  bytes: number;
  brotli: number | null;
  gzip: number | null;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` where they are smaller
 * than the file itself (a stale copy from an earlier build is removed when it is not).
 */
export async function precompressDir(dir: string): Promise<CompressedFile[]> {
  const files = (await listFiles(dir)).filter((f) => compressible.test(f));
  return Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const keep = async (suffix: string, compressed: Buffer): Promise<number | null> => {
        if (compressed.length < body.length) {
          await fs.writeFile(file + suffix, compressed);
          return compressed.length;
        }
        await fs.rm(file + suffix, { force: true });
        return null;
      };
      return {
        file: path.relative(dir, file).split(path.sep).join('/'),
        bytes: body.length,
        brotli: await keep('.br', br),
        gzip: await keep('.gz', gz),
      };
    }),
  );
}

/** The Vite plugin: runs once the whole build (bundle and public files) is written. */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'gre:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      const sum = (pick: (f: CompressedFile) => number | null) => files.reduce((n, f) => n + (pick(f) ?? f.bytes), 0);
      log(
        `precompressed ${files.length} files: ${(sum((f) => f.bytes) / 1024).toFixed(0)} KiB → brotli ${(sum((f) => f.brotli) / 1024).toFixed(0)} KiB, gzip ${(sum((f) => f.gzip) / 1024).toFixed(0)} KiB`,
      );
    },
  };
}
