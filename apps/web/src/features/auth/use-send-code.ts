import { sendEmailCode, sendSmsCode } from '@gre/contract/endpoints/code';
import type { CodePurpose } from '@gre/contract/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { codeRequest } from './account.ts';
import { useCountdown } from './use-countdown.ts';

/** Sends a one-time code by SMS or email, then blocks re-sending for the server's cool-down. */
export function useSendCode(purpose: CodePurpose) {
  const countdown = useCountdown();
  const mutation = useMutation({
    mutationFn: (account: string) => {
      const request = codeRequest(account, purpose);
      return request.channel === 'sms' ? api(sendSmsCode, request.payload) : api(sendEmailCode, request.payload);
    },
    onSuccess: (sent) => {
      toast('success', `验证码已发送至 ${sent.sent_to}，10 分钟内有效`);
      countdown.start(sent.resend_after_seconds > 0 ? sent.resend_after_seconds : 60);
    },
  });
  return { send: mutation.mutate, sending: mutation.isPending, secondsLeft: countdown.secondsLeft };
}
