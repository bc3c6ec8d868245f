// `npm run make:lessons`: makes the demo lessons committed under content/lessons/ (ADR 0039). Each
// lesson is a few slides (Noto Sans SC text drawn by ffmpeg over a plain background) with narration
// spoken by espeak-ng (Mandarin voice), joined and packaged to HLS by the same code as an admin's
// upload (apps/server/src/modules/lesson/lesson.package.ts, in its low-rate `slides` mode). The output
// and content/lessons/lessons.json are committed, so a machine without ffmpeg still has demo lessons
// (the server seeds them into the media storage at start). Needs ffmpeg and espeak-ng.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageHls } from '../apps/server/src/modules/lesson/lesson.package.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const font = path.join(root, 'node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const outRoot = path.join(root, 'content/lessons');

interface Slide {
  /** Shown big at the top. */
  heading: string;
  /** Shown below, one line each. */
  lines: string[];
  /** Spoken. */
  say: string;
}

interface LessonSource {
  id: string;
  title: string;
  summary: string;
  topic: 'verbal' | 'quant' | 'strategy';
  kinds: string[];
  free: boolean;
  slides: Slide[];
}

const lessons: LessonSource[] = [
  {
    id: 'tc-blank-logic',
    title: '填空题：先找逻辑线索再选词',
    summary: '读句子时先圈出转折、因果、并列等逻辑词，用自己的话预测空格的意思，再到选项中找同义词。',
    topic: 'verbal',
    kinds: ['tc1', 'tc2', 'tc3'],
    free: true,
    slides: [
      {
        heading: '填空题的逻辑线索',
        lines: ['先读句子，不看选项', '圈出逻辑词：转折、因果、并列'],
        say: '填空题的第一步，是先读句子，不要先看选项。找出句子里的逻辑词，比如转折、因果和并列。',
      },
      {
        heading: '用自己的话预测',
        lines: ['although, but → 意思相反', 'because, thus → 意思一致'],
        say: '看到 although 或 but，空格的意思往往和前文相反。看到 because 或 thus，意思往往一致。先用自己的话填一个词。',
      },
      {
        heading: '再到选项中找同义词',
        lines: ['和预测意思最接近的选项', '多空题：先做线索最明显的空'],
        say: '最后，到选项中找和预测意思最接近的词。多空题先做线索最明显的那一个空，再推其他空。',
      },
    ],
  },
  {
    id: 'se-pairs',
    title: '句子等价：找意思相同的一对',
    summary: '句子等价题要选出两个能让句子意思相同的词：先预测，再找出选项中的同义词对，小心只有一个词对的陷阱。',
    topic: 'verbal',
    kinds: ['se'],
    free: false,
    slides: [
      {
        heading: '句子等价：成对出现',
        lines: ['六个选项，选两个', '两个词都要让句子意思相同'],
        say: '句子等价题有六个选项，要选出两个词，而且两个词填进去以后，句子的意思必须相同。',
      },
      {
        heading: '先预测，再找同义词对',
        lines: ['预测空格的意思', '在选项中找同义的两个词'],
        say: '先根据线索预测空格的意思，再在选项中找出意思相同的两个词。',
      },
      {
        heading: '小心陷阱',
        lines: ['同义词对不一定都对', '两个词都必须符合句意'],
        say: '要小心：选项里可能有一对同义词，但和句意不符。两个词都必须符合句子的逻辑。',
      },
    ],
  },
  {
    id: 'qc-strategies',
    title: '数量比较：代入特殊值',
    summary: '数量比较题不一定要算出结果：代入 0、1、负数、分数等特殊值检验，两组值给出不同结论时选 D。',
    topic: 'quant',
    kinds: ['qc'],
    free: false,
    slides: [
      {
        heading: '数量比较的四个选项',
        lines: ['A 大、B 大、相等、无法确定', '不一定要算出具体结果'],
        say: '数量比较题有四个选项：A 大，B 大，相等，或者无法确定。很多时候，不需要算出具体结果。',
      },
      {
        heading: '代入特殊值',
        lines: ['试 0、1、负数、分数', '结论不同就选 D'],
        say: '遇到变量时，可以代入零、一、负数和分数这些特殊值。如果两组值得到不同的结论，就选 D，无法确定。',
      },
      {
        heading: '两边同时化简',
        lines: ['两边同加同减', '乘除正数不变号'],
        say: '还可以对两边同时加减，或者同时乘除一个正数来化简。乘除负数时，要注意大小关系会反过来。',
      },
    ],
  },
  {
    id: 'pacing',
    title: '考试节奏：时间分配与跳题',
    summary: '每个部分按题量分配时间，难题先标记跳过，最后留出检查时间，不在一道题上耗太久。',
    topic: 'strategy',
    kinds: ['tc1', 'rc_single', 'qc', 'ps_single'],
    free: true,
    slides: [
      {
        heading: '先算好每题的时间',
        lines: ['语文：约 1 分半一题', '数学：约 1 分 45 秒一题'],
        say: '考试前先算好每道题的时间。语文大约一分半钟一题，数学大约一分四十五秒一题。',
      },
      {
        heading: '难题先标记，再跳过',
        lines: ['用 Mark 标记', '先拿到会做的分'],
        say: '遇到难题，先用标记功能标记，然后跳过。先把会做的题做完，拿到该拿的分。',
      },
      {
        heading: '留出检查时间',
        lines: ['最后两分钟回看标记题', '不要留空：猜一个答案'],
        say: '每个部分最后留出两分钟，回头看标记的题。不要留空，没有时间就猜一个答案。',
      },
    ],
  },
];

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw new Error(`${cmd} 无法启动（未安装？）：${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} 失败：${r.stderr.slice(-1500)}`);
  return r.stdout;
}

const colors = { verbal: '0x1f3b5c', quant: '0x1d4d3f', strategy: '0x4a2c55' } as const;

/** One slide as a short clip: the drawn slide held for the length of its narration. */
function slideClip(work: string, lesson: LessonSource, slide: Slide, index: number): { file: string; seconds: number } {
  const base = path.join(work, `${lesson.id}-${index}`);
  fs.writeFileSync(`${base}.heading.txt`, slide.heading);
  fs.writeFileSync(`${base}.lines.txt`, slide.lines.join('\n'));
  fs.writeFileSync(`${base}.title.txt`, `${lesson.title}  ·  ${index + 1}/${lesson.slides.length}`);
  run('espeak-ng', ['-v', 'cmn', '-s', '165', '-w', `${base}.wav`, slide.say]);
  // The narration's length plus a short pause (-shortest overshoots by seconds at a low frame rate).
  const spoken = Number(
    run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', `${base}.wav`]),
  );
  const seconds = (spoken + 0.8).toFixed(2);
  const drawn = [
    `drawtext=fontfile=${font}:textfile=${base}.title.txt:fontsize=26:fontcolor=0xd0d8e0:x=60:y=50`,
    `drawtext=fontfile=${font}:textfile=${base}.heading.txt:fontsize=64:fontcolor=white:x=60:y=200`,
    `drawtext=fontfile=${font}:textfile=${base}.lines.txt:fontsize=40:fontcolor=0xf0e6a0:line_spacing=28:x=60:y=340`,
    `drawtext=fontfile=${font}:text='GRE 备考 · 课程':fontsize=24:fontcolor=0xa0b0c0:x=w-tw-60:y=h-70`,
  ].join(',');
  run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${colors[lesson.topic]}:s=1280x720:r=5`,
    '-i',
    `${base}.wav`,
    '-af',
    'apad',
    '-vf',
    drawn,
    '-t',
    seconds,
    '-c:v',
    'libx264',
    '-crf',
    '18',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-ar',
    '22050',
    '-ac',
    '1',
    `${base}.mp4`,
  ]);
  return { file: `${base}.mp4`, seconds: Number(seconds) };
}

const vttTime = (t: number) => {
  const ms = Math.round(t * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = (ms / 1000) % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
};

/** Chinese captions: each slide's narration, split at its sentences, over the slide's time. */
function captions(lesson: LessonSource, lengths: number[]): string {
  const cues: string[] = ['WEBVTT', ''];
  let at = 0;
  lesson.slides.forEach((slide, i) => {
    const length = lengths[i] ?? 0;
    const sentences = slide.say.split(/(?<=[。！？])/).filter((x) => x.trim());
    const total = sentences.reduce((n, x) => n + x.length, 0);
    let from = at;
    for (const sentence of sentences) {
      const to = from + ((length - 0.8) * sentence.length) / total;
      cues.push(`${vttTime(from)} --> ${vttTime(to)}`, sentence.trim(), '');
      from = to;
    }
    at += length;
  });
  return cues.join('\n');
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-make-lessons-'));
  const index: object[] = [];
  try {
    for (const [sort, lesson] of lessons.entries()) {
      const clips = lesson.slides.map((s, i) => slideClip(work, lesson, s, i));
      const list = path.join(work, `${lesson.id}.txt`);
      fs.writeFileSync(list, clips.map((c) => `file '${c.file}'`).join('\n'));
      const joined = path.join(work, `${lesson.id}.mp4`);
      run('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        '-c',
        'copy',
        joined,
      ]);
      const out = path.join(outRoot, lesson.id);
      fs.rmSync(out, { recursive: true, force: true });
      const packaged = await packageHls(joined, out, { slides: true });
      fs.writeFileSync(
        path.join(out, 'captions.vtt'),
        captions(
          lesson,
          clips.map((c) => c.seconds),
        ),
      );
      packaged.files.push('captions.vtt');
      packaged.files.sort();
      const bytes = packaged.files.reduce((n, f) => n + fs.statSync(path.join(out, f)).size, 0);
      console.log(
        `${lesson.id}: ${packaged.durationS.toFixed(1)} s, ${packaged.files.length} 个文件, ${(bytes / 1024).toFixed(0)} KB`,
      );
      const { slides: _slides, ...meta } = lesson;
      index.push({ ...meta, sort, duration_s: Math.round(packaged.durationS * 10) / 10, files: packaged.files });
    }
    fs.writeFileSync(path.join(outRoot, 'lessons.json'), `${JSON.stringify(index, null, 2)}\n`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
