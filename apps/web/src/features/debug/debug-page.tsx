import { getStatus } from '@gre/contract/endpoints/system';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { apiVersion } from '../../lib/api-version.ts';
import { getDeviceId } from '../../lib/device-id.ts';
import { listStorageKeys } from '../../lib/storage.ts';
import { readToken } from '../../lib/token.ts';
import { summariseToken, versionTooLow } from './debug-logic.ts';

function Row(props: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px minmax(0, 1fr)' },
        gap: { xs: 0, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography color="text.secondary">{props.label}</Typography>
      <Box sx={{ wordBreak: 'break-all', fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '0.9rem' }}>
        {props.children}
      </Box>
    </Box>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
          {props.title}
        </Typography>
        {props.children}
      </CardContent>
    </Card>
  );
}

async function probeStatus() {
  const started = performance.now();
  try {
    const status = await api(getStatus, {});
    return { reachable: true as const, latencyMs: Math.round(performance.now() - started), status };
  } catch (error) {
    return {
      reachable: false as const,
      latencyMs: Math.round(performance.now() - started),
      reason: error instanceof ApiError ? error.message : String(error),
    };
  }
}

/** /debug: what a support engineer asks for first. */
export function DebugPage() {
  const token = summariseToken(readToken(), Date.now());
  const probe = useMutation({ mutationFn: probeStatus });
  const result = probe.data;
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack spacing={2.5}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' } }}>
            诊断信息
          </Typography>
          <Button component={Link} to={paths.home}>
            返回首页
          </Button>
        </Stack>
        <Section title="本机">
          <Row label="构建模式">
            {import.meta.env.MODE}（{import.meta.env.PROD ? '生产构建' : '开发服务器'}）
          </Row>
          <Row label="API 版本">{apiVersion}</Row>
          <Row label="设备 ID">{getDeviceId()}</Row>
          <Row label="登录凭证">
            {!token.present
              ? '无'
              : !token.wellFormed
                ? '格式不正确'
                : `有（用户 ${token.userId}）${token.expiresAt ? `，到期 ${token.expiresAt}（北京时间）` : ''}${token.expired ? '，已过期' : ''}`}
          </Row>
          <Row label="浏览器">{navigator.userAgent}</Row>
          <Row label="本地存储">{listStorageKeys().join('、') || '（空）'}</Row>
        </Section>
        <Section title="服务状态">
          <Button variant="contained" onClick={() => probe.mutate()} disabled={probe.isPending} sx={{ mb: 1.5 }}>
            {probe.isPending ? '检测中…' : '检测服务状态'}
          </Button>
          {result === undefined ? (
            <Typography variant="body2" color="text.secondary">
              点击按钮检测能否连接服务器以及延迟。
            </Typography>
          ) : result.reachable ? (
            <>
              <Row label="连接">
                <Chip size="small" color="success" label="可以连接" /> 延迟 {result.latencyMs} ms
              </Row>
              <Row label="服务器版本">{result.status.server_version}</Row>
              <Row label="最低 API 版本">
                {result.status.min_api_version}
                {versionTooLow(apiVersion, result.status.min_api_version) ? '（本网页版本过低，请刷新）' : ''}
              </Row>
              <Row label="维护模式">
                {result.status.maintenance.on
                  ? `维护中${result.status.maintenance.message ? `：${result.status.maintenance.message}` : ''}`
                  : '未开启'}
              </Row>
              <Row label="服务器时间">{result.status.server_time}</Row>
            </>
          ) : (
            <Alert severity="error">
              无法连接服务器（{result.latencyMs} ms）：{result.reason}
            </Alert>
          )}
        </Section>
      </Stack>
    </Container>
  );
}
