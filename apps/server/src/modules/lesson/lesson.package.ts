// Packaging a lesson video to HLS (ADR 0039) with ffmpeg: two renditions (360p and 720p, H.264 main +
// AAC mono, which Safari plays natively and every MSE browser through hls.js), 6-second MPEG-TS
// segments, a master playlist and a poster frame. Used by the upload job (lesson.service.ts) and by
// scripts/make-lessons.ts, which makes the demo lessons committed under content/lessons/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A refusal of the video itself or of the machine, in the words the admins' panel shows. */
export class PackagingError extends Error {
  readonly reason: string;
  constructor(reason: string, detail: string) {
    super(detail);
    this.reason = reason;
  }
}

export const renditions = [
  { name: '360p', height: 360, bitrate: '500k', maxrate: '700k', bufsize: '1400k' },
  { name: '720p', height: 720, bitrate: '1500k', maxrate: '2000k', bufsize: '4000k' },
] as const;

/** Seconds per segment: every segment starts on a key frame, so a seek lands on one. */
export const segmentSeconds = 6;

export interface PackageOptions {
  /** Still slides (the demo lessons): a constant quality and very low rates instead of the bitrate ladder. */
  slides?: boolean;
  /** 0–100 as ffmpeg goes. */
  onProgress?: (percent: number) => void;
  /** Kill ffmpeg after this long (default 30 minutes). */
  timeoutMs?: number;
}

const noFfmpeg = (tool: string) =>
  new PackagingError(`服务器未安装 ${tool}，无法处理视频；请管理员安装 ffmpeg 后重新上传`, `${tool} not found`);

function run(
  tool: string,
  args: string[],
  opts: { timeoutMs: number; onStdout?: (chunk: string) => void },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      if (opts.onStdout) opts.onStdout(c);
      else stdout += c;
    });
    // Only the tail matters for a failure report.
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-4000);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err.code === 'ENOENT' ? noFfmpeg(tool) : err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Whether ffmpeg and ffprobe can be started here. */
export async function ffmpegAvailable(): Promise<boolean> {
  try {
    const [a, b] = await Promise.all([
      run('ffmpeg', ['-version'], { timeoutMs: 10_000 }),
      run('ffprobe', ['-version'], { timeoutMs: 10_000 }),
    ]);
    return a.code === 0 && b.code === 0;
  } catch {
    return false;
  }
}

interface Probe {
  durationS: number;
  hasAudio: boolean;
}

async function probe(input: string): Promise<Probe> {
  const out = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', input],
    { timeoutMs: 60_000 },
  );
  const bad = new PackagingError('文件无法识别为视频，请上传 MP4、MOV、WebM 或 MKV 视频', out.stderr.slice(-500));
  if (out.code !== 0) throw bad;
  let parsed: { format?: { duration?: string }; streams?: { codec_type?: string }[] };
  try {
    parsed = JSON.parse(out.stdout);
  } catch {
    throw bad;
  }
  const streams = parsed.streams ?? [];
  if (!streams.some((s) => s.codec_type === 'video')) throw bad;
  const durationS = Number(parsed.format?.duration);
  if (!Number.isFinite(durationS) || durationS <= 0)
    throw new PackagingError('视频没有可播放的时长（可能已损坏），请检查文件后重新上传', 'no duration');
  return { durationS, hasAudio: streams.some((s) => s.codec_type === 'audio') };
}

/**
 * Packages `input` into `outDir`: master.m3u8, v360p/ and v720p/ (index.m3u8 + s000.ts …),
 * poster.jpg. Returns the duration and the files written (relative, with forward slashes).
 */
export async function packageHls(
  input: string,
  outDir: string,
  opts: PackageOptions = {},
): Promise<{ durationS: number; files: string[] }> {
  const timeoutMs = opts.timeoutMs ?? 30 * 60_000;
  const info = await probe(input);
  await fs.promises.mkdir(outDir, { recursive: true });
  // Slides change every few seconds: 5 frames a second keep the segments' per-frame overhead small.
  const fps = opts.slides ? ',fps=5' : '';
  const split = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}${fps},format=yuv420p[v${i}]`).join(';');
  const args = ['-hide_banner', '-nostdin', '-y', '-i', input];
  // A video without sound still gets a (silent) audio track: every rendition has the same layout.
  if (!info.hasAudio) args.push('-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono');
  const audio = info.hasAudio ? '0:a:0' : '1:a:0';
  args.push(
    '-filter_complex',
    `[0:v:0]split=${renditions.length}${renditions.map((_, i) => `[s${i}]`).join('')};${split}`,
  );
  for (const [i] of renditions.entries()) args.push('-map', `[v${i}]`, '-map', audio);
  args.push('-c:v', 'libx264', '-profile:v', 'main', '-preset', opts.slides ? 'medium' : 'veryfast');
  args.push('-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`, '-sc_threshold', '0');
  renditions.forEach((r, i) => {
    if (opts.slides) args.push(`-crf:v:${i}`, '30');
    else args.push(`-b:v:${i}`, r.bitrate);
    args.push(`-maxrate:v:${i}`, opts.slides ? (r.height > 400 ? '300k' : '150k') : r.maxrate);
    args.push(`-bufsize:v:${i}`, opts.slides ? '600k' : r.bufsize);
  });
  if (opts.slides) args.push('-tune', 'stillimage');
  args.push('-c:a', 'aac', '-ac', '1', '-ar', opts.slides ? '22050' : '44100', '-b:a', opts.slides ? '16k' : '64k');
  if (!info.hasAudio) args.push('-shortest');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    path.join(outDir, 'v%v', 's%03d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    renditions.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(' '),
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, 'v%v', 'index.m3u8'),
  );
  let last = -1;
  const out = await run('ffmpeg', args, {
    timeoutMs,
    onStdout: (chunk) => {
      for (const m of chunk.matchAll(/out_time_us=(\d+)/g)) {
        const pct = Math.min(99, Math.floor(Number(m[1]) / 1e4 / info.durationS));
        if (pct > last) {
          last = pct;
          opts.onProgress?.(pct);
        }
      }
    },
  });
  if (out.code !== 0)
    throw new PackagingError('视频无法解码或已损坏，打包失败；请检查文件后重新上传', out.stderr.slice(-1000));
  const poster = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      String(Math.min(2, info.durationS / 2)),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      'scale=-2:720',
      '-q:v',
      '6',
      path.join(outDir, 'poster.jpg'),
    ],
    { timeoutMs: 60_000 },
  );
  if (poster.code !== 0)
    throw new PackagingError('无法从视频中截取封面，请检查文件后重新上传', poster.stderr.slice(-1000));
  opts.onProgress?.(100);
  return { durationS: info.durationS, files: await listFiles(outDir) };
}

async function listFiles(root: string, dir = ''): Promise<string[]> {
  const found: string[] = [];
  for (const e of await fs.promises.readdir(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) found.push(...(await listFiles(root, rel)));
    else found.push(rel);
  }
  return found.sort();
}

export const contentTypeOf = (file: string) =>
  file.endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : file.endsWith('.ts')
      ? 'video/mp2t'
      : file.endsWith('.jpg')
        ? 'image/jpeg'
        : file.endsWith('.vtt')
          ? 'text/vtt; charset=utf-8'
          : 'application/octet-stream';
