// The upload-image dialog (spec section 2's dialogs; ADR 0036): choose an image, see it, send it with
// a progress bar, read any refusal in Chinese. Reusable: the operator's mark QR codes use it, and so
// can a discussion post (purpose 'post'). The server decides what is an image; the checks here only
// spare a doomed upload.
//
//   <UploadImageDialog open={open} purpose="mark" title="上传二维码"
//     onClose={() => setOpen(false)} onUploaded={(image) => add(image)} />
import {
  imageAccept,
  imageMaxBytes,
  imageMaxText,
  imageMimes,
  type UploadedImage,
  uploadImage,
} from '@gre/contract/endpoints/upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { apiUpload, errorText } from '../lib/api-client.ts';
import { FormError } from './form-error.tsx';

export type { UploadedImage };

export interface UploadImageDialogProps {
  open: boolean;
  /** What the image is for (the server's `purpose`): 'mark' for a user's mark, 'post' for a discussion. */
  purpose: 'mark' | 'post';
  /** The dialog's title; default 上传图片. */
  title?: string;
  onClose: () => void;
  /** The stored image (address, size); the dialog closes itself afterwards through onClose. */
  onUploaded: (image: UploadedImage) => void;
}

/** Why `file` would be refused anyway, or '' (the server checks the bytes again). */
export function localProblem(file: File): string {
  if (file.size === 0) return '文件是空的';
  if (file.size > imageMaxBytes) return `图片不能超过 ${imageMaxText}`;
  if (file.type && !(imageMimes as readonly string[]).includes(file.type))
    return '只能上传 JPEG、PNG、WebP 或 GIF 图片';
  return '';
}

export function UploadImageDialog(props: UploadImageDialogProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const abort = useRef<AbortController | null>(null);

  // A fresh dialog each time it opens; a running upload is cancelled when it closes.
  useEffect(() => {
    if (!props.open) {
      abort.current?.abort();
      setFile(null);
      setProgress(null);
      setError('');
    }
  }, [props.open]);
  useEffect(() => {
    if (!file) return setPreview('');
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (f: File | undefined) => {
    setError('');
    setProgress(null);
    if (!f) return;
    const problem = localProblem(f);
    setFile(problem ? null : f);
    setError(problem);
  };

  const send = async () => {
    if (!file) return setError('请先选择图片');
    setError('');
    setProgress(0);
    abort.current = new AbortController();
    try {
      const image = await apiUpload(
        uploadImage,
        file,
        { purpose: props.purpose },
        { onProgress: setProgress, signal: abort.current.signal },
      );
      props.onUploaded(image);
      props.onClose();
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setError(errorText(err, '上传失败，请稍后再试'));
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Dialog
      open={props.open}
      onClose={uploading ? undefined : props.onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>{props.title ?? '上传图片'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
            支持 JPEG、PNG、WebP、GIF，不超过 {imageMaxText}；图片会被压缩并去除拍摄信息。
          </Typography>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={imageAccept}
            hidden
            aria-label="选择图片文件"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Box>
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={uploading}>
              {file ? '重新选择' : '选择图片'}
            </Button>
          </Box>
          {file ? (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <Box
                component="img"
                src={preview}
                alt={`预览：${file.name}`}
                sx={{
                  maxWidth: '100%',
                  maxHeight: 240,
                  objectFit: 'contain',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file.name}（{(file.size / 1024).toFixed(0)} KB）
              </Typography>
            </Stack>
          ) : null}
          {uploading ? (
            <Box>
              <LinearProgress
                variant={progress >= 1 ? 'indeterminate' : 'determinate'}
                value={Math.round(progress * 100)}
                aria-label="上传进度"
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
                {progress >= 1 ? '正在处理图片…' : `正在上传 ${Math.round(progress * 100)}%`}
              </Typography>
            </Box>
          ) : null}
          <FormError error={error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            abort.current?.abort();
            props.onClose();
          }}
        >
          取消
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!file || uploading}>
          上传
        </Button>
      </DialogActions>
    </Dialog>
  );
}
