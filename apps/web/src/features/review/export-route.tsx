// Route module for /personal/export: the chosen review questions as a print-ready page (A4; question,
// my answer, key, analysis, my note; no navigation in print) with 打印 / 下载 CSV / 下载 Markdown, the
// files made in the browser. Questions come from question/gets, 50 per call.
import { getCrafts } from '@gre/contract/endpoints/craft';
import { getQuestions } from '@gre/contract/endpoints/question';
import { questionKindLabel } from '@gre/contract/question';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { api } from '../../lib/api-client.ts';
import { answerText } from '../report/report-logic.ts';
import { reasonNames } from './craft-logic.ts';
import { type ExportRow, noteText, questionText, readExportIds, toCsv, toMarkdown } from './export-logic.ts';
import { reasonLibQuery } from './queries.ts';
import { batches } from './review-logic.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

async function loadRows(ids: readonly string[], reasonName: (id: string) => string): Promise<ExportRow[]> {
  const parts = await Promise.all(
    batches(ids, 50).map((batch) => Promise.all([api(getQuestions, { ids: batch }), api(getCrafts, { ids: batch })])),
  );
  const questions = new Map(parts.flatMap(([q]) => q.questions).map((q) => [q.id, q]));
  const groups = new Map(parts.flatMap(([q]) => q.groups).map((g) => [g.id, g]));
  const crafts = new Map(parts.flatMap(([, c]) => c.crafts).map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const q = questions.get(id);
    if (!q) return [];
    const craft = crafts.get(id);
    return [
      {
        id,
        kind: questionKindLabel[q.kind],
        question: questionText(q, q.group_id ? (groups.get(q.group_id) ?? null) : null),
        myAnswer: answerText(q, craft?.issue.answer ?? null),
        key: q.standard_answer ? answerText(q, q.standard_answer) : '（无权查看）',
        analysis: q.analysis?.text ?? '',
        note: noteText(craft, reasonName),
      },
    ];
  });
}

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4', margin: '16mm 14mm' },
      '@media print': {
        'header, nav, footer, .no-print, .MuiBottomNavigation-root': { display: 'none !important' },
        body: { background: '#fff !important' },
        main: { padding: '0 !important', maxWidth: 'none !important' },
        '.export-item': { breakInside: 'avoid-page', borderColor: '#999 !important' },
      },
    }}
  />
);

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = readExportIds(params);
  const lib = useQuery(reasonLibQuery);
  const names = reasonNames(lib.data);
  const rows = useQuery({
    queryKey: ['review', 'export', ids],
    queryFn: () => loadRows(ids, (id) => names.get(id) ?? id),
    enabled: ids.length > 0 && !lib.isPending,
    staleTime: 60_000,
  });
  const title = `GRE 复习题目导出（${ids.length} 题）`;
  const stamp = new Date().toISOString().slice(0, 10);
  return (
    <Stack spacing={2.5}>
      {printStyles}
      <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          startIcon={<ArrowBackRounded />}
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.personal))}
          sx={{ mx: -1, mr: 'auto' }}
        >
          返回
        </Button>
        <Button variant="contained" startIcon={<PrintRounded />} disabled={!rows.data} onClick={() => window.print()}>
          打印
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          disabled={!rows.data}
          onClick={() => rows.data && download(`gre-review-${stamp}.csv`, toCsv(rows.data), 'text/csv;charset=utf-8')}
        >
          下载 CSV
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          disabled={!rows.data}
          onClick={() =>
            rows.data && download(`gre-review-${stamp}.md`, toMarkdown(rows.data, title), 'text/markdown;charset=utf-8')
          }
        >
          下载 Markdown
        </Button>
      </Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' } }}>
        {title}
      </Typography>
      {ids.length === 0 ? (
        <Alert severity="info">没有选择题目。在错题本、收藏夹或笔记本里勾选题目后点“导出”。</Alert>
      ) : rows.isError ? (
        <Alert severity="error">题目加载失败，请返回重试。</Alert>
      ) : !rows.data ? (
        <Stack spacing={1.5}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={180} />
          ))}
        </Stack>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {rows.data.map((r, i) => (
            <Box
              component="li"
              key={r.id}
              className="export-item"
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                p: { xs: 1.5, sm: 2.5 },
                bgcolor: 'background.paper',
              }}
            >
              <Typography variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
                {i + 1}. {r.kind}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {r.id}
                </Typography>
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 }}>
                {r.question}
              </Typography>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 2,
                  rowGap: 0.75,
                  mt: 1.5,
                  mb: 0,
                  '& dt': { color: 'text.secondary', fontWeight: 700 },
                  '& dd': { m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
                }}
              >
                <dt>我的答案</dt>
                <dd>{r.myAnswer}</dd>
                <dt>正确答案</dt>
                <dd>{r.key}</dd>
                {r.analysis ? (
                  <>
                    <dt>解析</dt>
                    <dd>{r.analysis}</dd>
                  </>
                ) : null}
                {r.note ? (
                  <>
                    <dt>我的笔记</dt>
                    <dd>{r.note}</dd>
                  </>
                ) : null}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
