// The user's mark on /operate (ADR 0036): a text (the study group, the teacher's contact) and up to
// four QR images uploaded through the upload dialog; the user sees them on /personal. Audited on the
// server; no check code (a mark changes no money or rights).
import type { StaffUser } from '@gre/contract/endpoints/permission';
import * as mep from '@gre/contract/endpoints/permission';
import { markQrMax, markTextMax, markTextSchema } from '@gre/contract/user';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { UploadImageDialog } from '../../components/upload-image-dialog.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { fieldError } from '../../lib/validate.ts';

export function MarkPanel({ user, queryKey }: { user: StaffUser; queryKey: readonly unknown[] }) {
  const id = useId();
  const [text, setText] = useState(user.mark.text);
  const [qrs, setQrs] = useState(user.mark.qrs);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api(
        mep.setMark,
        { user_id: user.user_id, text, qr_ids: qrs.map((q) => q.id) },
        { shownInPage: ['invalid_param', 'not_found'] },
      ),
    onSuccess: (r) => {
      queryClient.setQueryData(queryKey, (old: object | undefined) => (old ? { ...old, user: r.user } : old));
      void queryClient.invalidateQueries({ queryKey });
      toast('success', '标记已保存');
    },
    onError: (err) => setError(errorText(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const problem = fieldError(markTextSchema, text);
    if (problem) return setError(problem);
    save.mutate();
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      sx={{ p: 2 }}
      noValidate
    >
      <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        用户标记
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        用户在个人中心看到这段文字和二维码（如学习群、老师联系方式）；只有本人可见。
      </Typography>
      <Stack spacing={1.5}>
        <TextField
          id={`${id}-text`}
          label="标记文字"
          multiline
          minRows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText={`${text.length} / ${markTextMax}`}
        />
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            二维码（{qrs.length} / {markQrMax}）
          </Typography>
          <Stack
            direction="row"
            useFlexGap
            spacing={1.5}
            sx={{ flexWrap: 'wrap' }}
            component="ul"
            aria-label="二维码"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {qrs.map((q, i) => (
              <Stack component="li" key={q.id} spacing={0.5} sx={{ alignItems: 'center' }}>
                <Box
                  component="img"
                  src={q.url}
                  alt={`二维码 ${i + 1}`}
                  sx={{
                    width: 96,
                    height: 96,
                    objectFit: 'contain',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                />
                <Button size="small" color="error" onClick={() => setQrs(qrs.filter((x) => x.id !== q.id))}>
                  移除二维码 {i + 1}
                </Button>
              </Stack>
            ))}
          </Stack>
          {qrs.length < markQrMax ? (
            <Button variant="outlined" size="small" sx={{ mt: qrs.length ? 1 : 0 }} onClick={() => setUploading(true)}>
              上传二维码
            </Button>
          ) : null}
        </Box>
        <FormError error={error} />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            保存标记
          </Button>
        </Box>
      </Stack>
      <UploadImageDialog
        open={uploading}
        purpose="mark"
        title="上传二维码"
        onClose={() => setUploading(false)}
        onUploaded={(image) => setQrs((old) => [...old, { id: image.id, url: image.url }])}
      />
    </Paper>
  );
}
