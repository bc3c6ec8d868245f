// A reading passage, paragraph by paragraph. For select-in-passage every sentence is a radio:
// click it, or Tab to the passage and move with the arrow keys; the chosen one is highlighted.
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { type KeyboardEvent, useRef } from 'react';
import { MathInline, MathText } from '../../components/math-text.tsx';
import { plainText } from '../../components/math-text-tokens.ts';
import { sentenceIndex } from './answer-logic.ts';

export interface PassagePanelProps {
  paragraphs: readonly (readonly string[])[];
  /** Sentence selection: the chosen global index (undefined: none), and how to choose one. */
  selectable?: {
    chosen: number | undefined;
    onChoose?: (index: number) => void;
    /** Once revealed: the correct sentence. */
    correct: number | null;
    label: string;
    /** The paragraph the question names (0-based): only its sentences may be chosen. */
    paragraph?: number | null;
  };
  translation?: string | null;
}

export function PassagePanel(props: PassagePanelProps) {
  const refs = useRef<(HTMLSpanElement | null)[]>([]);
  const total = props.paragraphs.reduce((n, p) => n + p.length, 0);
  const sel = props.selectable;
  // The choosable sentences: the named paragraph's, or all of them.
  const only = sel?.paragraph ?? null;
  const first = only === null ? 0 : sentenceIndex(props.paragraphs, only, 0);
  const count = only === null ? total : (props.paragraphs[only]?.length ?? 0);

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>, index: number) => {
    if (!sel?.onChoose) return;
    let next: number | null = null;
    const k = index - first;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = first + ((k + 1) % count);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = first + ((k - 1 + count) % count);
    else if (event.key === 'Home') next = first;
    else if (event.key === 'End') next = first + count - 1;
    else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      sel.onChoose(index);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    sel.onChoose(next);
    refs.current[next]?.focus();
  };

  // The one sentence that takes Tab: the chosen one, else the first (a roving tab stop).
  const tabStop = sel?.chosen !== undefined && sel.chosen >= first && sel.chosen < first + count ? sel.chosen : first;

  return (
    <Box>
      <Box
        lang="en"
        role={sel ? 'radiogroup' : undefined}
        aria-label={sel ? sel.label : undefined}
        sx={{ fontSize: { xs: '1rem', md: '1.03rem' }, lineHeight: 1.85, color: 'text.primary' }}
      >
        {props.paragraphs.map((sentences, p) => (
          <Box
            component="p"
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are positional.
            key={p}
            data-named-paragraph={only === p ? 'true' : undefined}
            sx={(t) => ({
              m: 0,
              mb: 1.75,
              textIndent: { xs: 0, sm: '1.5em' },
              ...(only === p
                ? {
                    borderLeft: `3px solid ${t.palette.primary.main}`,
                    bgcolor: alpha(t.palette.primary.main, 0.04),
                    pl: 1.5,
                    py: 0.5,
                    borderRadius: '0 4px 4px 0',
                  }
                : only !== null && sel
                  ? { color: 'text.secondary' }
                  : {}),
            })}
          >
            {only === p && sel ? (
              <Box
                component="span"
                sx={{ fontSize: '0.8rem', color: 'primary.dark', fontWeight: 700, mr: 1 }}
                lang="zh-CN"
              >
                第 {p + 1} 段 · 在本段中选句
              </Box>
            ) : null}
            {sentences.map((sentence, s) => {
              const index = sentenceIndex(props.paragraphs, p, s);
              const space = s < sentences.length - 1 ? ' ' : '';
              if (!sel || (only !== null && only !== p)) {
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sentences are positional.
                  <span key={s}>
                    <MathInline text={sentence} />
                    {space}
                  </span>
                );
              }
              const chosen = sel.chosen === index;
              const isCorrect = sel.correct === index;
              const wrong = sel.correct !== null && chosen && !isCorrect;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: sentences are positional.
                <span key={s}>
                  <Box
                    component="span"
                    ref={(el: HTMLSpanElement | null) => {
                      refs.current[index] = el;
                    }}
                    role="radio"
                    aria-checked={chosen}
                    aria-disabled={sel.onChoose ? undefined : true}
                    aria-label={`第 ${index + 1} 句：${plainText(sentence)}${isCorrect ? '（正确答案）' : ''}${wrong ? '（你的选择，错误）' : ''}`}
                    tabIndex={index === tabStop ? 0 : -1}
                    data-sentence={index}
                    onClick={() => sel.onChoose?.(index)}
                    onKeyDown={(e) => onKeyDown(e, index)}
                    sx={(t) => ({
                      cursor: sel.onChoose ? 'pointer' : 'default',
                      borderRadius: '3px',
                      py: '2px',
                      boxDecorationBreak: 'clone',
                      WebkitBoxDecorationBreak: 'clone',
                      transition: 'background-color 120ms',
                      bgcolor: isCorrect
                        ? alpha(t.palette.success.main, 0.2)
                        : wrong
                          ? alpha(t.palette.error.main, 0.16)
                          : chosen
                            ? alpha(t.palette.primary.main, 0.2)
                            : 'transparent',
                      textDecoration: isCorrect || wrong ? 'underline' : 'none',
                      textDecorationColor: isCorrect ? t.palette.success.main : t.palette.error.main,
                      textDecorationThickness: '2px',
                      textUnderlineOffset: '3px',
                      outline:
                        chosen && sel.correct === null ? `1.5px solid ${alpha(t.palette.primary.main, 0.6)}` : 'none',
                      '&:hover': sel.onChoose && !chosen ? { bgcolor: alpha(t.palette.primary.main, 0.08) } : {},
                      '&:focus-visible': {
                        outline: `3px solid ${alpha(t.palette.primary.main, 0.6)}`,
                        outlineOffset: 1,
                      },
                    })}
                  >
                    <MathInline text={sentence} />
                  </Box>
                  {space}
                </span>
              );
            })}
          </Box>
        ))}
      </Box>
      {props.translation ? (
        <Box
          lang="zh-CN"
          sx={(t) => ({
            mt: 1,
            p: 2,
            borderRadius: 2,
            bgcolor: alpha(t.palette.secondary.main, 0.07),
            border: '1px solid',
            borderColor: alpha(t.palette.secondary.main, 0.25),
          })}
        >
          <Box sx={{ fontWeight: 700, fontSize: '0.9rem', color: 'secondary.dark', mb: 1 }}>参考译文</Box>
          <MathText text={props.translation} gap={1.25} sx={{ fontSize: '0.95rem', lineHeight: 1.85 }} />
        </Box>
      ) : null}
    </Box>
  );
}
