// Question text with inline LaTeX (KaTeX), `\$`, `**bold**`, blanks and paragraphs. The only HTML
// set directly is KaTeX's own output for a formula; all other text goes through React, so a stored
// `<script>` stays text. KaTeX's CSS and fonts are bundled by Vite and served by our own server.
import 'katex/dist/katex.min.css';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import katex from 'katex';
import { Fragment, memo, type ReactNode } from 'react';
import { type Segment, splitParagraphs, tokenize } from './math-text-tokens.ts';

const cache = new Map<string, string>();

function renderTex(tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      output: 'htmlAndMathml',
      strict: 'ignore',
      trust: false,
      maxExpand: 200,
    });
    if (cache.size > 2000) cache.clear();
    cache.set(key, html);
  }
  return html;
}

const Formula = memo(function Formula(props: { tex: string; display: boolean }) {
  return (
    <Box
      component={props.display ? 'div' : 'span'}
      className="math"
      sx={props.display ? { overflowX: 'auto', overflowY: 'hidden', my: 1 } : { whiteSpace: 'nowrap' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output (trust: false) of our own content, not raw HTML.
      dangerouslySetInnerHTML={{ __html: renderTex(props.tex, props.display) }}
    />
  );
});

/** How a blank is drawn; the question view shows the chosen word inside it when it wants to. */
export type BlankRenderer = (label: string, index: number) => ReactNode;

export function DefaultBlank(props: { label: string }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={props.label ? `空格 (${props.label})` : '空格'}
      sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.25, mx: 0.25, whiteSpace: 'nowrap' }}
    >
      {props.label ? (
        <Box component="span" sx={{ fontSize: '0.85em', color: 'text.secondary' }}>
          ({props.label})
        </Box>
      ) : null}
      <Box
        component="span"
        sx={{ display: 'inline-block', width: '4.5em', borderBottom: '1.5px solid currentColor' }}
      />
    </Box>
  );
}

function renderSegments(segments: readonly Segment[], renderBlank: BlankRenderer | undefined, blankStart: number) {
  let blank = blankStart;
  const nodes = segments.map((s, i) => {
    let node: ReactNode;
    if (s.type === 'text') node = s.text;
    else if (s.type === 'math') node = <Formula tex={s.tex} display={s.display} />;
    else {
      node = renderBlank ? renderBlank(s.label, blank) : <DefaultBlank label={s.label} />;
      blank += 1;
    }
    // biome-ignore lint/suspicious/noArrayIndexKey: segments of a fixed text never reorder.
    return s.bold ? <strong key={i}>{node}</strong> : <Fragment key={i}>{node}</Fragment>;
  });
  return { nodes, blanks: blank - blankStart };
}

/** One line of text (an option, a sentence, a label): no paragraphs. */
export function MathInline(props: { text: string; renderBlank?: BlankRenderer }) {
  return <>{renderSegments(tokenize(props.text), props.renderBlank, 0).nodes}</>;
}

/** A block of text: every non-empty line is a paragraph. */
export function MathText(props: {
  text: string;
  renderBlank?: BlankRenderer;
  /** Space between paragraphs, in theme spacing units. */
  gap?: number;
  sx?: SxProps<Theme>;
  component?: 'div' | 'blockquote';
  lang?: string;
}) {
  const paragraphs = splitParagraphs(props.text);
  let blankIndex = 0;
  return (
    <Box component={props.component ?? 'div'} lang={props.lang} sx={[{ m: 0 }, ...toArray(props.sx)]}>
      {paragraphs.map((p, i) => {
        const { nodes, blanks } = renderSegments(tokenize(p), props.renderBlank, blankIndex);
        blankIndex += blanks;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never reorder.
          <Box component="p" key={i} sx={{ m: 0, mt: i === 0 ? 0 : (props.gap ?? 1.25) }}>
            {nodes}
          </Box>
        );
      })}
    </Box>
  );
}

function toArray(sx: SxProps<Theme> | undefined): readonly Exclude<SxProps<Theme>, readonly unknown[]>[] {
  if (sx === undefined) return [];
  return (Array.isArray(sx) ? sx : [sx]) as Exclude<SxProps<Theme>, readonly unknown[]>[];
}
