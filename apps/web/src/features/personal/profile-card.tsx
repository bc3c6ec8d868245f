import { updateSignature } from '@gre/contract/endpoints/user';
import type { Profile } from '@gre/contract/user';
import { signatureSchema } from '@gre/contract/user';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { formatChineseDate } from '../../lib/china-time.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.ts';
import { fieldError } from '../../lib/validate.ts';
import { profileQuery } from './queries.ts';

function InfoRow(props: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography color="text.secondary" sx={{ flexShrink: 0 }}>
        {props.label}
      </Typography>
      <Typography sx={{ textAlign: 'right', wordBreak: 'break-all' }}>{props.value}</Typography>
    </Stack>
  );
}

function SignatureForm(props: { initial: string }) {
  const queryClient = useQueryClient();
  const [signature, setSignature] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: string) => api(updateSignature, { signature: value }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery.queryKey, (old) => (old ? { ...old, signature: saved.signature } : old));
      queryClient.setQueryData(currentUserQuery.queryKey, (old) =>
        old ? { ...old, signature: saved.signature } : old,
      );
      setSignature(saved.signature);
      toast('success', '签名已更新');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = fieldError(signatureSchema, signature);
    setError(message);
    if (message === null) mutation.mutate(signature.trim());
  };
  const unchanged = signature.trim() === props.initial.trim();
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5}>
      <TextField
        label="个性签名"
        value={signature}
        onChange={(e) => {
          setSignature(e.target.value);
          setError(null);
        }}
        placeholder="写一句给自己的备考宣言"
        multiline
        minRows={2}
        maxRows={4}
        error={error !== null}
        helperText={error ?? `${signature.trim().length} / 100`}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={mutation.isPending || unchanged}
        sx={{ alignSelf: 'flex-end' }}
      >
        保存签名
      </Button>
    </Stack>
  );
}

export function ProfileCard(props: { profile: Profile }) {
  const { profile } = props;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2.5 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: '1.5rem' }}>
            {profile.name.slice(0, 1) || '我'}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="h2" noWrap>
              {profile.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              用户编号 {profile.user_index}
            </Typography>
          </Box>
        </Stack>
        <Stack spacing={1} sx={{ mb: 2.5 }}>
          <InfoRow label="手机" value={profile.phone ?? '未绑定'} />
          <InfoRow label="邮箱" value={profile.email ?? '未绑定'} />
          <InfoRow label="注册时间" value={formatChineseDate(profile.created_at)} />
        </Stack>
        <Divider sx={{ mb: 2.5 }} />
        <SignatureForm key={profile.signature} initial={profile.signature} />
      </CardContent>
    </Card>
  );
}
