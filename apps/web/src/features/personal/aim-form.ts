// The today's-aim form: text inputs in, the update payload or field errors out (pure).
import { updateTodayAim } from '@gre/contract/endpoints/user';
import { fieldError } from '../../lib/validate.ts';

export type AimField = 'aim_question' | 'aim_word' | 'aim_time_mins';
export type AimInputs = Record<AimField, string>;

export function parseAimInputs(
  inputs: AimInputs,
): { ok: true; payload: Record<AimField, number> } | { ok: false; errors: Partial<Record<AimField, string>> } {
  const errors: Partial<Record<AimField, string>> = {};
  const payload = { aim_question: 0, aim_word: 0, aim_time_mins: 0 };
  for (const field of Object.keys(payload) as AimField[]) {
    const raw = inputs[field].trim();
    if (!/^\d+$/.test(raw)) {
      errors[field] = raw === '' ? '请填写数字（不设目标填 0）' : '请填写 0 或正整数';
      continue;
    }
    const value = Number(raw);
    const error = fieldError(updateTodayAim.request.shape[field], value);
    if (error !== null) errors[field] = error;
    else payload[field] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, payload };
}
