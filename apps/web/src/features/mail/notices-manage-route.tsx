// Route module for /web_manage/notices (outside the navigation, like the spec's web_manage): admins and
// operators write a notice (subject, content, a link in the site, the audience, an optional time, an
// e-mail copy) and see the notices sent and scheduled with their reach. Everyone else is told no.
// The staff console of a later issue can take this page over. Rules come from the contract's schemas.

import { chinaDateTime } from '@gre/contract/china-time';
import { sendNotice } from '@gre/contract/endpoints/mail';
import { RoleKind, roleName } from '@gre/contract/enums';
import { mailLinkSchema, noticeAudienceSchema, noticeStateLabel } from '@gre/contract/mail';
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { errorProps } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { sentNoticesQuery, useSendNotice } from './queries.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

const roles = [RoleKind.Trail, RoleKind.FreeVIP, RoleKind.VIP, RoleKind.SVIP] as const;
const body = sendNotice.request.shape;

/** The form's fields; the audience and the time are turned into the contract's body and checked by it. */
const formSchema = z
  .object({
    subject: body.subject,
    content: body.content,
    link: mailLinkSchema,
    audience: z.enum(['all', 'role', 'users']),
    roleKinds: z.array(z.number()),
    userIds: z.string(),
    scheduled: z.boolean(),
    sendAt: z.string(),
    emailCopy: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const audience = audienceOf(v);
    const checked = noticeAudienceSchema.safeParse(audience);
    if (!checked.success) {
      const path = v.audience === 'role' ? 'roleKinds' : 'userIds';
      ctx.addIssue({ code: 'custom', path: [path], message: checked.error.issues[0]?.message ?? '发送对象不正确' });
    }
    if (v.scheduled && !(new Date(v.sendAt).getTime() > Date.now())) {
      ctx.addIssue({ code: 'custom', path: ['sendAt'], message: '请选择将来的发送时间' });
    }
  });
type FormValues = z.infer<typeof formSchema>;

function audienceOf(v: Pick<FormValues, 'audience' | 'roleKinds' | 'userIds'>) {
  if (v.audience === 'role') return { kind: 'role' as const, role_kinds: v.roleKinds };
  if (v.audience === 'users') {
    return { kind: 'users' as const, user_ids: v.userIds.split(/[\s,，、]+/).filter(Boolean) };
  }
  return { kind: 'all' as const };
}

const defaults: FormValues = {
  subject: '',
  content: '',
  link: '',
  audience: 'all',
  roleKinds: [],
  userIds: '',
  scheduled: false,
  sendAt: '',
  emailCopy: false,
};

function ComposeForm() {
  const send = useSendNotice();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const audience = form.watch('audience');
  const scheduled = form.watch('scheduled');
  const submit = form.handleSubmit((v) =>
    send.mutate(
      {
        subject: v.subject,
        content: v.content,
        link: v.link,
        audience: audienceOf(v),
        ...(v.scheduled ? { send_at: new Date(v.sendAt).getTime() } : {}),
        email_copy: v.emailCopy,
      },
      {
        onSuccess: (n) => {
          toast(
            'success',
            n.state === 'scheduled' ? `已定时：${chinaDateTime(new Date(n.send_at))} 发送` : '通知已发出',
          );
          form.reset(defaults);
        },
      },
    ),
  );
  const text = (name: 'subject' | 'content' | 'link' | 'userIds' | 'sendAt') => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref };
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} useFlexGap aria-label="发送通知">
      <TextField
        label="标题"
        required
        {...text('subject')}
        {...errorProps('notice-subject', errors.subject?.message)}
      />
      <TextField
        label="内容"
        required
        multiline
        minRows={4}
        {...text('content')}
        {...errorProps('notice-content', errors.content?.message)}
      />
      <TextField
        label="链接（可选）"
        placeholder="/word"
        {...text('link')}
        {...errorProps('notice-link', errors.link?.message, '本站的路径，以 / 开头；收件人点开通知后可前往')}
      />
      <FormControl>
        <FormLabel id="notice-audience-label">发送对象</FormLabel>
        <Controller
          control={form.control}
          name="audience"
          render={({ field }) => (
            <RadioGroup row aria-labelledby="notice-audience-label" {...field}>
              <FormControlLabel value="all" control={<Radio />} label="全部用户" />
              <FormControlLabel value="role" control={<Radio />} label="按角色" />
              <FormControlLabel value="users" control={<Radio />} label="指定用户" />
            </RadioGroup>
          )}
        />
      </FormControl>
      {audience === 'role' ? (
        <FormControl error={errors.roleKinds !== undefined} component="fieldset">
          <FormLabel component="legend">角色</FormLabel>
          <Controller
            control={form.control}
            name="roleKinds"
            render={({ field }) => (
              <FormGroup row>
                {roles.map((r) => (
                  <FormControlLabel
                    key={r}
                    label={roleName[r]}
                    control={
                      <Checkbox
                        checked={field.value.includes(r)}
                        onChange={(e) =>
                          field.onChange(e.target.checked ? [...field.value, r] : field.value.filter((x) => x !== r))
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
          />
          {errors.roleKinds ? <FormHelperText>{errors.roleKinds.message}</FormHelperText> : null}
        </FormControl>
      ) : null}
      {audience === 'users' ? (
        <TextField
          label="用户 ID"
          multiline
          minRows={2}
          {...text('userIds')}
          {...errorProps('notice-users', errors.userIds?.message, '多个 ID 用空格、逗号或换行分开')}
        />
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'flex-start' } }}>
        <Controller
          control={form.control}
          name="scheduled"
          render={({ field }) => (
            <FormControlLabel
              label="定时发送"
              sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: { sm: 1 } }}
              control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            />
          )}
        />
        {scheduled ? (
          <TextField
            type="datetime-local"
            label="发送时间（本机时间）"
            sx={{ flex: 1 }}
            slotProps={{ inputLabel: { shrink: true } }}
            {...text('sendAt')}
            {...errorProps('notice-send-at', errors.sendAt?.message)}
          />
        ) : null}
      </Stack>
      <Controller
        control={form.control}
        name="emailCopy"
        render={({ field }) => (
          <FormControlLabel
            label="同时发送邮件（附查看链接和退订链接）"
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          />
        )}
      />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
          {scheduled ? '定时发送' : '发送通知'}
        </Button>
      </Box>
    </Stack>
  );
}

function SentList() {
  const q = useQuery(sentNoticesQuery(1));
  if (!q.data?.notices.length) return null;
  return (
    <Stack spacing={1} component="ul" aria-label="已发送的通知" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {q.data.notices.map((n) => (
        <Paper key={n.id} variant="outlined" component="li" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>{n.subject}</Typography>
            <Chip
              size="small"
              label={noticeStateLabel[n.state]}
              color={n.state === 'delivered' ? 'success' : 'default'}
            />
            <Typography variant="body2" color="text.secondary">
              {chinaDateTime(new Date(n.send_at))} · 送达 {n.delivered} 人{n.email_copy ? ' · 含邮件' : ''}
            </Typography>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function Component() {
  const user = useCurrentUser();
  const allowed = user.is_admin || user.authority.is_operator;
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="md" sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Button startIcon={<ArrowBack />} component={Link} to={paths.home} sx={{ mb: 1.5 }}>
          返回首页
        </Button>
        <Stack component="main" spacing={3}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
            站内通知
          </Typography>
          {allowed ? (
            <>
              <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <ComposeForm />
              </Paper>
              <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
                已发送与定时
              </Typography>
              <SentList />
            </>
          ) : (
            <Alert severity="warning">只有管理员和运营可以发送通知。</Alert>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
