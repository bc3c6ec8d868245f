// /web_manage's 下架 tab (ADR 0041): the 精选 sets and the six-two book, each with how many users opened
// it and hold it in their archive; 下架 moves it into those users' archives (read-only there), 恢复
// brings it back. The server checks who asks, audits the change and refuses a repeat.
import { archiveKindLabel, listRetirable, type Retirable, setRetired } from '@gre/contract/endpoints/archive';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';

const retirableKey = ['archive', 'retirable'] as const;
/** On a phone only the name (with its counts and state under it) and the action are columns. */
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;
const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const;

export function RetirePanel() {
  const items = useQuery({ queryKey: retirableKey, queryFn: ({ signal }) => api(listRetirable, {}, { signal }) });
  const [error, setError] = useState('');
  const change = useMutation({
    mutationFn: (b: { kind: Retirable['kind']; id: string; retired: boolean }) => api(setRetired, b),
    onSuccess: (r) => {
      toast(
        'success',
        r.retired ? `已下架「${r.title}」：${r.archived_for} 位打开过的用户可在存档中查看` : `已恢复「${r.title}」`,
      );
      setError('');
      queryClient.setQueryData(retirableKey, (old: typeof items.data) =>
        old ? { items: old.items.map((i) => (i.kind === r.kind && i.id === r.id ? r : i)) } : old,
      );
    },
    onError: (e) => setError(errorText(e)),
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="retire-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="retire-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        下架精选练习与六选二词书
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        下架后，练习册或词书从列表中消失，无法再打开；下架前打开过它的用户可在「已下架的精选」或「已下架的六选二词书」中只读查看，作答记录保留。恢复后回到列表，存档随之移除。每次操作记入员工操作记录。
      </Typography>
      <FormError error={error} sx={{ mb: 1.5 }} />
      {items.isError ? (
        <FormError error={errorText(items.error)} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label="可下架的练习册与词书">
            <TableHead>
              <TableRow>
                <TableCell>名称</TableCell>
                <TableCell sx={hideOnPhone}>类型</TableCell>
                <TableCell align="right" sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>
                  打开过
                </TableCell>
                <TableCell align="right" sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>
                  存档
                </TableCell>
                <TableCell sx={hideOnPhone}>状态</TableCell>
                <TableCell align="right">操作</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(items.data?.items ?? []).map((i) => (
                <TableRow key={`${i.kind}:${i.id}`}>
                  <TableCell sx={{ minWidth: { xs: 0, sm: 160 } }}>
                    {i.title}
                    <Typography variant="caption" color="text.secondary" sx={phoneOnly}>
                      {i.retired ? '已下架' : '在列表中'} · 打开过 {i.opened_by} 人 · 存档 {i.archived_for} 人
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{archiveKindLabel[i.kind]}</TableCell>
                  <TableCell align="right" sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>
                    {i.opened_by} 人
                  </TableCell>
                  <TableCell align="right" sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>
                    {i.archived_for} 人
                  </TableCell>
                  <TableCell sx={hideOnPhone}>
                    <Chip
                      size="small"
                      label={i.retired ? '已下架' : '在列表中'}
                      color={i.retired ? 'warning' : 'success'}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        variant="outlined"
                        color={i.retired ? 'primary' : 'warning'}
                        disabled={change.isPending}
                        aria-label={`${i.retired ? '恢复' : '下架'} ${i.title}`}
                        onClick={() => change.mutate({ kind: i.kind, id: i.id, retired: !i.retired })}
                        sx={{ minHeight: 36, whiteSpace: 'nowrap' }}
                      >
                        {i.retired ? '恢复' : '下架'}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
