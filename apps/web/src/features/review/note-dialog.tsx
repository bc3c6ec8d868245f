// The 笔记 dialog (the five note fields, 掌握程度, 错因 from the reason library of the question's
// category, 其他原因) and the 改进方案 dialog of the craft bar. Loaded when first opened.
import { type Craft, craftLimits, craftTextFields } from '@gre/contract/craft';
import { updateCraft } from '@gre/contract/endpoints/craft';
import type { QuestionCategory } from '@gre/contract/enums';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { counterText, firstIssue, masteryLabels, noteDraftOf, noteRequestOf, reasonKindsOf } from './craft-logic.ts';
import { reasonLibQuery, saveCraft } from './queries.ts';

interface Common {
  craft_id: string;
  q_category: QuestionCategory;
  source?: { name: string; exam_id: string; template_id: string };
}

function LimitedField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
  autoFocus?: boolean;
}) {
  const id = useId();
  const counter = counterText(props.value, craftLimits.noteField);
  return (
    <TextField
      id={id}
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      multiline
      minRows={props.rows ?? 2}
      maxRows={10}
      fullWidth
      autoFocus={props.autoFocus}
      error={props.value.length > craftLimits.noteField}
      helperText={counter ? `已写 ${counter} 字` : undefined}
    />
  );
}

/** Checks a craft write against the contract, saves it, says so and closes; the catalogue tells refusals. */
function useCraftSave(onClose: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (request: Parameters<typeof saveCraft>[0], done: string) => {
    const issue = firstIssue(updateCraft.request, request);
    setError(issue);
    if (issue) return;
    setBusy(true);
    try {
      await saveCraft(request);
      toast('success', done);
      onClose();
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

function useFullScreen() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

export function NoteDialog(props: {
  questionId: string;
  category: QuestionCategory;
  craft: Craft | null;
  common: Common;
  onClose: () => void;
}) {
  const fullScreen = useFullScreen();
  const lib = useQuery(reasonLibQuery);
  const [draft, setDraft] = useState(() => noteDraftOf(props.craft));
  const { error, busy, submit } = useCraftSave(props.onClose);
  const ids = useId();
  const kinds = reasonKindsOf(lib.data, props.category);

  const save = () =>
    submit({ ...props.common, update_kind: 'Note', craft: noteRequestOf(draft, props.craft) }, '笔记保存成功');

  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${ids}-title`}
    >
      <DialogTitle id={`${ids}-title`}>笔记</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {craftTextFields.map((f, i) => (
            <Box key={f.key} sx={{ gridColumn: f.key === 'note' ? { md: '1 / -1' } : undefined }}>
              <LimitedField
                label={f.label}
                value={draft.text[f.key]}
                rows={f.key === 'note' ? 3 : 2}
                autoFocus={i === 0}
                onChange={(v) => setDraft((d) => ({ ...d, text: { ...d.text, [f.key]: v } }))}
              />
            </Box>
          ))}
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            掌握程度
          </FormLabel>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Rating
              name={`${ids}-mastery`}
              value={draft.mastery || null}
              max={craftLimits.masteryMax}
              size="large"
              getLabelText={(v) => `${v} 星，${masteryLabels[v] ?? ''}`}
              onChange={(_, v) => setDraft((d) => ({ ...d, mastery: v ?? 0 }))}
            />
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {draft.mastery ? `${draft.mastery}/5 · ${masteryLabels[draft.mastery]}` : '未设置'}
            </Typography>
            {draft.mastery ? (
              <Button size="small" onClick={() => setDraft((d) => ({ ...d, mastery: 0 }))}>
                清除
              </Button>
            ) : null}
          </Box>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            错因
          </FormLabel>
          {lib.isPending ? (
            <Skeleton variant="rounded" height={64} />
          ) : kinds.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              这个科目暂无错因库，可以写在“其他原因”里。
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              {kinds.map((k) => (
                <Box key={k.kind} role="group" aria-labelledby={`${ids}-${k.kind}`}>
                  <Typography id={`${ids}-${k.kind}`} variant="subtitle2" sx={{ fontWeight: 700 }}>
                    {k.kind_desp}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                    {k.subs.map((s) => (
                      <FormControlLabel
                        key={s.id}
                        control={
                          <Checkbox
                            checked={draft.checked.includes(s.id)}
                            onChange={(e) =>
                              setDraft((d) => ({
                                ...d,
                                checked: e.target.checked ? [...d.checked, s.id] : d.checked.filter((x) => x !== s.id),
                              }))
                            }
                          />
                        }
                        label={s.name}
                      />
                    ))}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </Box>
        <LimitedField label="其他原因" value={draft.other} onChange={(v) => setDraft((d) => ({ ...d, other: v }))} />
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>取消</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          保存笔记
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ImprovementDialog(props: { craft: Craft | null; common: Common; onClose: () => void }) {
  const fullScreen = useFullScreen();
  const [text, setText] = useState(props.craft?.note.review.improvement ?? '');
  const { error, busy, submit } = useCraftSave(props.onClose);
  const ids = useId();
  const save = () =>
    submit(
      { ...props.common, update_kind: 'Improvement', craft: { note: { review: { improvement: text } } } },
      '改进方案保存成功',
    );
  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${ids}-title`}
    >
      <DialogTitle id={`${ids}-title`}>改进方案</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2" color="text.secondary">
          下次遇到同类题，你打算怎么做？
        </Typography>
        <LimitedField label="改进方案" value={text} onChange={setText} rows={4} autoFocus />
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>取消</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}
