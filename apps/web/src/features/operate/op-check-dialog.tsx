// The operator check code (issue 17, ADR 0031): before a sensitive action (grants, removals, coins,
// the advanced bank, gifts, freezing, refunds and voids) the console asks for a code sent to the
// operator's own phone or e-mail. `useOpCheck()` gives `ask(action, summary, run)`, which opens the
// confirmation dialog (发送验证码, the code, 确认) and calls `run(op_code)`; a refusal stays in the dialog
// so another code can be tried. One code confirms one action.
import { sendOpCheckCode } from '@gre/contract/endpoints/user';
import { type OpAction, opActionText, opCode } from '@gre/contract/user';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { fieldError } from '../../lib/validate.ts';

/** Refusals the dialog shows itself (no toast on top). */
export const shownInDialog = ['code_invalid', 'rate_limited', 'invalid_param', 'not_found', 'busy'] as const;

interface Request {
  action: OpAction;
  summary: string;
  run: (op_code: string) => Promise<unknown>;
  settle: (done: boolean) => void;
}

/** A body passes its endpoint's schema but for the code the dialog asks for afterwards. */
export const withCodeSlot = <B extends object>(body: B) => ({ ...body, op_code: '000000' });

export function useOpCheck(): {
  /** Resolves true once `run` succeeded with a code, false when the operator cancelled. */
  ask: (action: OpAction, summary: string, run: (op_code: string) => Promise<unknown>) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [request, setRequest] = useState<Request | null>(null);
  const ask = (action: OpAction, summary: string, run: (op_code: string) => Promise<unknown>) =>
    new Promise<boolean>((resolve) => {
      setRequest({
        action,
        summary,
        run,
        settle: (done) => {
          setRequest(null);
          resolve(done);
        },
      });
    });
  return { ask, dialog: request ? <OpCheckDialog key={request.summary} request={request} /> : null };
}

function OpCheckDialog({ request }: { request: Request }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [wait, setWait] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const what = opActionText[request.action];

  const send = async () => {
    setError('');
    setBusy(true);
    try {
      const r = await api(sendOpCheckCode, { action: request.action }, { shownInPage: shownInDialog });
      setSentTo(r.sent_to);
      setWait(r.resend_after_seconds);
      codeRef.current?.focus();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const bad = fieldError(opCode, code);
    if (bad) return setError(sentTo ? bad : '请先点击“发送验证码”，再输入收到的验证码');
    setBusy(true);
    try {
      await request.run(code.trim());
      request.settle(true);
    } catch (err) {
      setError(errorText(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => request.settle(false)} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>确认操作：{what}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {request.summary}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              此操作需要验证码：验证码发送到您本人绑定的手机（未绑定手机时为邮箱），10 分钟内有效，只能用于这一次操作。
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={`${id}-code`}
                inputRef={codeRef}
                label="验证码"
                size="small"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))}
                required
                sx={{ flex: 1, minWidth: 0 }}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 },
                }}
              />
              <Button
                variant="outlined"
                onClick={send}
                disabled={busy || wait > 0}
                sx={{ whiteSpace: 'nowrap', minHeight: 40, flexShrink: 0 }}
              >
                {wait > 0 ? `重新发送（${wait} 秒）` : sentTo ? '重新发送' : '发送验证码'}
              </Button>
            </Stack>
            <div role="status">
              {sentTo ? (
                <Alert severity="info" role="none">
                  已发送至 {sentTo}，10 分钟内有效
                </Alert>
              ) : null}
            </div>
            <FormError error={error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => request.settle(false)}>取消</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            确认
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
