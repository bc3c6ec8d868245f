// 加入生词本 / 移出生词本 and 标为熟词 / 取消熟词 for one word.
import type { WordMark } from '@gre/contract/word';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkRemoveOutlined from '@mui/icons-material/BookmarkRemoveOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import { useMarkWords } from './queries.ts';

export function WordActions(props: { word: string; mark: WordMark | null }) {
  const marks = useMarkWords();
  const inList = !!props.mark?.added_at;
  const simple = !!props.mark?.simple_at;
  const busy = marks.isPending;
  return (
    <>
      <Button
        size="small"
        variant={inList ? 'outlined' : 'contained'}
        startIcon={inList ? <BookmarkRemoveOutlined /> : <BookmarkAddOutlined />}
        disabled={busy}
        onClick={() => marks.mutate({ action: inList ? 'remove' : 'add', words: [props.word] })}
        sx={{ minHeight: 36 }}
      >
        {inList ? '移出生词本' : '加入生词本'}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color={simple ? 'inherit' : 'success'}
        startIcon={<CheckCircleOutlined />}
        disabled={busy}
        onClick={() => marks.mutate({ action: simple ? 'unsimple' : 'simple', words: [props.word] })}
        sx={{ minHeight: 36 }}
      >
        {simple ? '取消熟词' : '标为熟词'}
      </Button>
    </>
  );
}
