// Route module for /download (spec route `download`, issue 19, ADR 0040): the study materials as PDFs
// — the GRE word list (whole and per frequency band) with GRE-sense glosses, the Quant formula sheet,
// the Issue template and guides, and the member's own 错题本 — with description, size, pages and a
// button each. Members without `can_visit_material` (the `materials` right of their role) see why, in
// the words the server refuses with (materialsRefusal over the rights data), and the VIP dialog; the
// server refuses them either way. An empty 错题本 says so instead of offering a download. Staff also
// see how often each shared material was downloaded.
import { listMaterials, type Material, type MaterialId, prepareDownload } from '@gre/contract/endpoints/download';
import { materialsRefusal } from '@gre/contract/rights';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { openDialog } from '../../app/app-store.ts';
import { bookHref } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { rightsQuery } from '../../lib/rights-query.ts';

const materialsQuery = () =>
  queryOptions({ queryKey: ['download', 'list'], queryFn: () => api(listMaterials, {}), staleTime: 30_000 });

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  void queryClient.prefetchQuery(materialsQuery());
  void queryClient.prefetchQuery(rightsQuery);
  return null;
}

/** Who has the right, from the rights data the server enforces (the server's refusal, word for word). */
function useRefusal(): string {
  const rights = useQuery(rightsQuery);
  return rights.data ? materialsRefusal(rights.data.roles) : '资料下载是会员权益，开通后即可下载';
}

/** 1.4 MB, 90 KB. */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Saves the prepared file: a same-origin GET the browser downloads. */
function startDownload(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

function MaterialCard({ m, canVisit, refusal }: { m: Material; canVisit: boolean; refusal: string }) {
  const [error, setError] = useState('');
  const empty = m.wrongs === 0;
  const prepare = useMutation({
    mutationFn: (id: MaterialId) => api(prepareDownload, { material_id: id }),
    onSuccess: (r) => {
      setError('');
      startDownload(r.url, r.file_name);
      void queryClient.invalidateQueries({ queryKey: materialsQuery().queryKey });
    },
    onError: (e) => setError(errorText(e)),
  });
  const titleId = `material-${m.id}`;
  const facts = [
    'PDF',
    m.wrongs ? `${m.wrongs} 道错题` : null,
    m.bytes !== null ? sizeText(m.bytes) : null,
    m.pages !== null ? `${m.pages} 页` : null,
    m.ready || empty ? null : m.bytes !== null ? '内容已更新，下载时重新生成' : '首次下载时生成',
  ].filter(Boolean);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <Stack direction="row" sx={{ gap: 1.25, alignItems: 'flex-start' }}>
        <PictureAsPdfOutlined color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, lineHeight: 1.4 }}>
          {m.title}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.7, flex: 1 }}>
        {m.description}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {facts.join(' · ')}
        {m.downloads !== null ? ` · 已下载 ${m.downloads} 次` : ''}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {empty ? (
        <Alert severity="info" sx={{ alignItems: 'center' }}>
          你的错题本还是空的：练习或模考中做错的题会自动收进错题本，之后就可以在这里下载。
        </Alert>
      ) : null}
      <Box>
        {empty ? (
          <Button component={RouterLink} to={bookHref('wrongs')} variant="outlined" sx={{ minHeight: 44 }}>
            查看错题本
          </Button>
        ) : canVisit ? (
          <Button
            variant="contained"
            startIcon={<DownloadRounded />}
            disabled={prepare.isPending}
            onClick={() => prepare.mutate(m.id)}
            aria-describedby={titleId}
            sx={{ minHeight: 44 }}
          >
            {prepare.isPending ? '正在准备…' : '下载 PDF'}
          </Button>
        ) : (
          <Button
            variant="outlined"
            startIcon={<LockOutlined />}
            onClick={() => openDialog({ name: 'vip', message: `${refusal}。` })}
            aria-describedby={titleId}
            sx={{ minHeight: 44 }}
          >
            开通会员后下载
          </Button>
        )}
      </Box>
    </Paper>
  );
}

export function Component() {
  const q = useQuery(materialsQuery());
  const refusal = useRefusal();
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
          资料下载
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, lineHeight: 1.7 }}>
          由本站题库与词库生成的 PDF 学习资料和你自己的错题本，可打印或离线阅读；内容更新后会自动重新生成。
        </Typography>
      </Box>
      {q.isPending ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : q.isError ? (
        <RetryAlert onRetry={() => void q.refetch()}>资料列表加载失败</RetryAlert>
      ) : (
        <>
          {q.data.can_visit ? null : (
            <Alert
              severity="info"
              action={
                <Button
                  color="inherit"
                  size="small"
                  sx={{ whiteSpace: 'nowrap' }}
                  onClick={() => openDialog({ name: 'vip', message: `${refusal}。` })}
                >
                  开通会员
                </Button>
              }
            >
              {refusal}。
            </Alert>
          )}
          <Box
            component="ul"
            aria-label="学习资料"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {/* The member's own 错题本 first, then the shared materials. */}
            {[...q.data.materials]
              .sort((a, b) => Number(b.wrongs !== null) - Number(a.wrongs !== null))
              .map((m) => (
                <MaterialCard key={m.id} m={m} canVisit={q.data.can_visit} refusal={refusal} />
              ))}
          </Box>
        </>
      )}
    </Stack>
  );
}
