// The global dialogs (spec section 2) and what each one is opened with. The error catalogue opens
// some of them; pages open the rest. The dialog host in `app/` renders them.
import type { PaymentKind } from '@gre/contract/enums';

export type DialogRequest =
  /** Membership benefits; `message` says why it opened (e.g. '请开通权限'). */
  | { name: 'vip'; message: string }
  /** The QR payment (spec section 4): a membership (VIP / SVIP and a period) or a flash-coin pack. */
  | { name: 'pay'; kind: PaymentKind; param?: number }
  | { name: 'out_of_limit'; message: string; subject: string; roleName: string }
  | { name: 'no_permission'; message: string }
  | { name: 'public_only'; message: string }
  | { name: 'login_hint' }
  | { name: 'rights_table' }
  | { name: 'contact' }
  /** What 精选 / 精华 sets are, who may open them, the way to them. */
  | { name: 'pick' }
  | { name: 'best' }
  /** Pick the collect tags of a question (and create one inline). */
  | { name: 'collect'; questionId: string }
  /** Create a collect tag; `onCreated` gets its id (the collect dialog ticks it). */
  | { name: 'add_collect_tag'; onCreated?: (tagId: string) => void };

export type DialogName = DialogRequest['name'];
export type DialogPayload<N extends DialogName> = Extract<DialogRequest, { name: N }>;
