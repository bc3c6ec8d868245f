// Edit mode (spec §4, ADR 0035): on a question's analysis, an admin in edit mode gets 编辑, which
// opens this form in place: analysis, key words, tags, difficulty, visibility; 保存, 取消 and
// 撤销修改 (back to the file's values). Validation messages are the contract's; after a save every
// view of the question reloads (the server reloaded its catalogue in every process).
import {
  adminEditQuestion,
  adminGetQuestion,
  adminRevertQuestion,
  bankVisibilities,
  type EditableFields,
  editableFieldsSchema,
} from '@gre/contract/endpoints/question-edit';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { useAdminModes } from '../../lib/admin-mode.ts';
import { api, errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { difficultyLabel } from '../../lib/question-labels.ts';
import { fieldError } from '../../lib/validate.ts';

const visibilityText: Record<(typeof bankVisibilities)[number], string> = {
  public: '公开（public）',
  locked: '会员题（locked）',
  pick: '精选（pick）',
  best: '精华（best）',
  hidden: '隐藏（hidden）',
};

/** The form's text fields; lists are written with commas. */
interface Draft {
  analysis: string;
  keyWords: { word: string; meaning: string; synonyms: string; antonyms: string }[];
  tags: string;
  difficulty: 1 | 2 | 3;
  visibility: EditableFields['visibility'];
}

const list = (s: string) =>
  s
    .split(/[,，、;；]/)
    .map((x) => x.trim())
    .filter(Boolean);

const draftOf = (f: EditableFields): Draft => ({
  analysis: f.analysis,
  keyWords: f.key_words.map((k) => ({
    word: k.word,
    meaning: k.meaning,
    synonyms: k.synonyms.join(', '),
    antonyms: k.antonyms.join(', '),
  })),
  tags: f.tags.join('、'),
  difficulty: f.difficulty,
  visibility: f.visibility,
});

const fieldsOf = (d: Draft): EditableFields => ({
  analysis: d.analysis,
  key_words: d.keyWords.map((k) => ({
    word: k.word,
    meaning: k.meaning,
    synonyms: list(k.synonyms),
    antonyms: list(k.antonyms),
  })),
  tags: list(d.tags),
  difficulty: d.difficulty,
  visibility: d.visibility,
});

/** 编辑 and, once open, the form; nothing unless the admin is in edit mode. */
export function QuestionEdit(props: { questionId: string }) {
  const { edit } = useAdminModes();
  const [open, setOpen] = useState(false);
  if (!edit) return null;
  if (!open) {
    return (
      <Box>
        <Button variant="outlined" size="small" startIcon={<EditOutlined />} onClick={() => setOpen(true)}>
          编辑
        </Button>
      </Box>
    );
  }
  return <EditForm questionId={props.questionId} onClose={() => setOpen(false)} />;
}

function EditForm(props: { questionId: string; onClose: () => void }) {
  const stored = useQuery({
    queryKey: ['question', 'admin_get', props.questionId],
    queryFn: () => api(adminGetQuestion, { id: props.questionId }),
    staleTime: 0,
  });
  if (stored.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Skeleton width="40%" />
        <Skeleton height={120} />
      </Paper>
    );
  }
  if (stored.isError) return <FormError error={errorText(stored.error)} />;
  return <Form key={stored.dataUpdatedAt} questionId={props.questionId} data={stored.data} onClose={props.onClose} />;
}

function Form(props: {
  questionId: string;
  data: Awaited<ReturnType<typeof api<typeof adminGetQuestion>>>;
  onClose: () => void;
}) {
  const { data } = props;
  const [draft, setDraft] = useState<Draft>(() => draftOf(data.current));
  const [error, setError] = useState('');
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const setKeyWord = (i: number, change: Partial<Draft['keyWords'][number]>) =>
    set({ keyWords: draft.keyWords.map((k, j) => (j === i ? { ...k, ...change } : k)) });
  const revalidator = useRevalidator();
  // Every view that may show the question reloads: cached queries (question, exam, search) and the
  // route's loader data.
  const done = async () => {
    await queryClient.invalidateQueries();
    await revalidator.revalidate();
    props.onClose();
  };
  const save = useMutation({
    mutationFn: (fields: EditableFields) => api(adminEditQuestion, { id: props.questionId, fields }),
    onMutate: () => setError(''),
    onSuccess: done,
    onError: (e) => setError(errorText(e)),
  });
  const revert = useMutation({
    mutationFn: () => api(adminRevertQuestion, { id: props.questionId }),
    onMutate: () => setError(''),
    onSuccess: done,
    onError: (e) => setError(errorText(e)),
  });
  const submit = () => {
    const fields = fieldsOf(draft);
    const problem = fieldError(editableFieldsSchema, fields);
    if (problem) {
      setError(problem);
      return;
    }
    save.mutate(fields);
  };
  const busy = save.isPending || revert.isPending;
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label="编辑题目"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ p: { xs: 1.5, sm: 2 }, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3" sx={{ fontSize: '1rem' }}>
            编辑题目 {props.questionId}
          </Typography>
          {data.edit ? (
            <Typography variant="body2" color="text.secondary">
              已修改：{data.edit.fields.map((f) => fieldName[f]).join('、')}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              与题库文件一致
            </Typography>
          )}
        </Box>
        {data.edit?.conflict ? (
          <Alert severity="warning">题库文件在修改后有变化：请到「题库同步」选择保留修改或采用文件。</Alert>
        ) : null}
        <TextField
          label="解析"
          multiline
          minRows={4}
          maxRows={16}
          value={draft.analysis}
          onChange={(e) => set({ analysis: e.target.value })}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 1, fontWeight: 700 }}>
            重点词汇（近义词、反义词用逗号分隔）
          </Typography>
          <Stack spacing={1.5}>
            {draft.keyWords.map((k, i) => (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of the form, edited in place.
                key={i}
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: { xs: '1fr 1fr auto', md: '1fr 1.4fr 1.4fr 1.4fr auto' },
                  alignItems: 'center',
                }}
              >
                <TextField
                  size="small"
                  label={`词 ${i + 1}`}
                  value={k.word}
                  onChange={(e) => setKeyWord(i, { word: e.target.value })}
                />
                <TextField
                  size="small"
                  label="释义"
                  value={k.meaning}
                  onChange={(e) => setKeyWord(i, { meaning: e.target.value })}
                />
                <IconButton
                  aria-label={`删除第 ${i + 1} 个关键词`}
                  onClick={() => set({ keyWords: draft.keyWords.filter((_, j) => j !== i) })}
                  sx={{ gridColumn: { xs: 3, md: 5 }, gridRow: { xs: 1, md: 1 } }}
                >
                  <DeleteOutlineRounded />
                </IconButton>
                <TextField
                  size="small"
                  label="近义词"
                  sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                  value={k.synonyms}
                  onChange={(e) => setKeyWord(i, { synonyms: e.target.value })}
                />
                <TextField
                  size="small"
                  label="反义词"
                  sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                  value={k.antonyms}
                  onChange={(e) => setKeyWord(i, { antonyms: e.target.value })}
                />
              </Box>
            ))}
            <Box>
              <Button
                size="small"
                startIcon={<AddRounded />}
                disabled={draft.keyWords.length >= 8}
                onClick={() =>
                  set({ keyWords: [...draft.keyWords, { word: '', meaning: '', synonyms: '', antonyms: '' }] })
                }
              >
                添加关键词
              </Button>
            </Box>
          </Stack>
        </Box>
        <TextField
          label="标签（1–4 个，用顿号或逗号分隔）"
          value={draft.tags}
          onChange={(e) => set({ tags: e.target.value })}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label="难度"
            value={draft.difficulty}
            onChange={(e) => set({ difficulty: Number(e.target.value) as 1 | 2 | 3 })}
          >
            {([1, 2, 3] as const).map((d) => (
              <MenuItem key={d} value={d}>
                {difficultyLabel[d]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="可见性"
            value={draft.visibility}
            onChange={(e) => set({ visibility: e.target.value as Draft['visibility'] })}
          >
            {bankVisibilities.map((v) => (
              <MenuItem key={v} value={v}>
                {visibilityText[v]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <FormError error={error} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy}>
            保存
          </Button>
          <Button onClick={props.onClose} disabled={busy}>
            取消
          </Button>
          {data.edit ? (
            <Button color="error" onClick={() => revert.mutate()} disabled={busy} sx={{ ml: 'auto' }}>
              撤销修改
            </Button>
          ) : null}
        </Box>
      </Stack>
    </Paper>
  );
}

const fieldName: Record<keyof EditableFields, string> = {
  analysis: '解析',
  key_words: '关键词',
  tags: '标签',
  difficulty: '难度',
  visibility: '可见性',
};
