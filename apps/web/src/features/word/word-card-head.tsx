// The head line of a word in a book's list: the word, its phonetic and the learner's mark (生词本 / 熟词).
// Shared by the word books (/wordbook/:bookID) and the read-only six-two archive.
import type { WordMark } from '@gre/contract/word';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { markLabel } from './word-logic.ts';

/** What a book's word line says while the word is the answer of the candidate's running exam. */
export const withheldWordLine = '考试进行中：这个单词是本场考试单词题的答案，交卷后才能查看释义。';

export function WordCardHead({ word, phonetic, mark }: { word: string; phonetic: string; mark: WordMark | null }) {
  const label = markLabel(mark);
  return (
    <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.25 }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.15rem' }} lang="en">
        {word}
      </Typography>
      {phonetic ? (
        <Typography variant="body2" color="text.secondary">
          /{phonetic}/
        </Typography>
      ) : null}
      {label ? <Chip size="small" color={label === '熟词' ? 'success' : 'primary'} label={label} /> : null}
    </Stack>
  );
}
