import { updateTodayAim } from '@gre/contract/endpoints/user';
import type { TodayAim } from '@gre/contract/user';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.ts';
import { type AimField, type AimInputs, parseAimInputs } from './aim-form.ts';

const fields: { key: AimField; label: string; unit: string }[] = [
  { key: 'aim_question', label: '每日题数', unit: '题' },
  { key: 'aim_word', label: '每日单词数', unit: '个' },
  { key: 'aim_time_mins', label: '每日学习分钟数', unit: '分钟' },
];

export function AimSettingsCard(props: { aim: TodayAim }) {
  const queryClient = useQueryClient();
  const [inputs, setInputs] = useState<AimInputs>({
    aim_question: String(props.aim.aim_question),
    aim_word: String(props.aim.aim_word),
    aim_time_mins: String(props.aim.aim_time_mins),
  });
  const [errors, setErrors] = useState<Partial<Record<AimField, string>>>({});
  const mutation = useMutation({
    mutationFn: (payload: Record<AimField, number>) => api(updateTodayAim, payload),
    onSuccess: (aim) => {
      queryClient.setQueryData(currentUserQuery.queryKey, (old) =>
        old ? { ...old, data: { ...old.data, today_aim: aim } } : old,
      );
      toast('success', '每日目标已保存');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAimInputs(inputs);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.payload);
  };
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <TuneOutlined color="primary" />
          <Typography variant="h4" component="h2">
            每日目标
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          设置每天想完成的题量、单词量和学习时长，首页会显示当天的完成进度。填 0 表示不设该项目标。
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {fields.map((f) => (
              <TextField
                key={f.key}
                label={f.label}
                value={inputs[f.key]}
                onChange={(e) => setInputs((prev) => ({ ...prev, [f.key]: e.target.value }))}
                error={errors[f.key] !== undefined}
                helperText={errors[f.key] ?? ' '}
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: { endAdornment: <InputAdornment position="end">{f.unit}</InputAdornment> },
                }}
              />
            ))}
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <Button type="submit" variant="contained" disabled={mutation.isPending}>
              保存目标
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
