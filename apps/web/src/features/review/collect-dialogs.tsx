// The collect dialogs of spec section 2: 收藏标签 (pick the tags of a collected question, create one
// inline) and add-collect-tags (create a tag). Global dialogs, loaded on first opening.
import { craftLimits } from '@gre/contract/craft';
import { addCollectTag } from '@gre/contract/endpoints/craft';
import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { closeDialog, openDialog, useDialog } from '../../app/app-store.ts';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { firstIssue } from './craft-logic.ts';
import { collectTagsQuery, craftQuery, saveCraft } from './queries.ts';

/** Creates a tag (collect/add) and refreshes the tag list; returns its id, or null when refused. */
async function createTag(name: string, desp = ''): Promise<string | null> {
  try {
    const { collect } = await api(addCollectTag, { name: name.trim(), desp: desp.trim() });
    await queryClient.invalidateQueries({ queryKey: ['collect'] });
    toast('success', '创建成功');
    return collect.id;
  } catch {
    // The error catalogue has told the user (a toast or the out-of-limit dialog).
    return null;
  }
}

function TagNameField(props: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  autoFocus?: boolean;
  label?: string;
}) {
  const id = useId();
  const long = props.value.trim().length > craftLimits.tagNameHint;
  return (
    <TextField
      id={id}
      label={props.label ?? '标签名'}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error !== null}
      helperText={
        props.error ?? `不超过 ${craftLimits.tagNameHint} 个字${long ? `（已 ${props.value.trim().length} 个字）` : ''}`
      }
      autoFocus={props.autoFocus}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { maxLength: craftLimits.tagName } }}
    />
  );
}

export function AddCollectTagDialog() {
  const dialog = useDialog('add_collect_tag');
  const open = dialog !== undefined;
  const [name, setName] = useState('');
  const [desp, setDesp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    closeDialog('add_collect_tag');
    setName('');
    setDesp('');
    setError(null);
  };
  const submit = async () => {
    const issue = firstIssue(addCollectTag.request, { name, desp });
    setError(issue);
    if (issue) return;
    setBusy(true);
    const id = await createTag(name, desp);
    setBusy(false);
    if (id) {
      dialog?.onCreated?.(id);
      close();
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="add-collect-tag-title" fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="add-collect-tag-title">新建收藏标签</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TagNameField value={name} onChange={setName} error={error} autoFocus />
          <TextField
            label="说明（选填）"
            value={desp}
            onChange={(e) => setDesp(e.target.value)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: craftLimits.tagDesp } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>取消</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            创建
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function CollectDialog() {
  const dialog = useDialog('collect');
  const open = dialog !== undefined;
  const questionId = dialog?.questionId ?? '';
  const close = () => closeDialog('collect');
  return (
    <Dialog open={open} onClose={close} aria-labelledby="collect-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="collect-dialog-title">收藏标签</DialogTitle>
      {open ? <CollectForm key={questionId} questionId={questionId} onClose={close} /> : null}
    </Dialog>
  );
}

function CollectForm(props: { questionId: string; onClose: () => void }) {
  const tags = useQuery(collectTagsQuery);
  const craft = useQuery(craftQuery(props.questionId));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const picked = chosen ?? craft.data?.collect.collect_ids ?? [];
  const [newName, setNewName] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const full = picked.length >= craftLimits.tagsPerQuestion;
  const toggle = (id: string) => setChosen(picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id]);

  const create = async () => {
    const issue = firstIssue(addCollectTag.request, { name: newName });
    setNewError(issue);
    if (issue) return;
    const id = await createTag(newName);
    if (id) {
      setNewName('');
      if (!full) setChosen([...picked, id]);
    }
  };
  const save = async () => {
    setBusy(true);
    try {
      await saveCraft({
        update_kind: 'Collect',
        craft_id: props.questionId,
        craft: { collect: { collected: true, collect_ids: picked } },
      });
      toast('success', '标签已保存');
      props.onClose();
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };
  const list = tags.data?.collects ?? [];
  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          选择这道题的标签（最多 {craftLimits.tagsPerQuestion} 个），方便在收藏夹里按标签复习。
        </DialogContentText>
        {tags.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : list.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            还没有标签，在下面新建一个。
          </Typography>
        ) : (
          <FormGroup aria-label="标签" sx={{ maxHeight: 260, overflowY: 'auto', flexWrap: 'nowrap' }}>
            {list.map((t) => (
              <FormControlLabel
                key={t.id}
                control={
                  <Checkbox
                    checked={picked.includes(t.id)}
                    disabled={full && !picked.includes(t.id)}
                    onChange={() => toggle(t.id)}
                  />
                }
                label={`${t.name}（${t.count} 题）`}
              />
            ))}
          </FormGroup>
        )}
        {full ? (
          <Alert severity="info" variant="outlined">
            一道题最多 {craftLimits.tagsPerQuestion} 个标签
          </Alert>
        ) : null}
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TagNameField value={newName} onChange={setNewName} error={newError} label="新标签" />
          <Button type="submit" variant="outlined" startIcon={<AddRounded />} sx={{ flexShrink: 0, minHeight: 40 }}>
            创建
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() =>
            openDialog({
              name: 'add_collect_tag',
              onCreated: (id) => setChosen((c) => [...(c ?? craft.data?.collect.collect_ids ?? []), id]),
            })
          }
          sx={{ mr: 'auto' }}
        >
          带说明新建…
        </Button>
        <Button onClick={props.onClose}>取消</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || craft.isPending}>
          保存
        </Button>
      </DialogActions>
    </>
  );
}
