// How an order reads on screen, for the personal page's 我的订单 and the operator console.

export { tradeStatusLabel } from '@gre/contract/pay';

export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** A time in China, to the minute (2026/11/26 20:05). */
export const chinaTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/:\d\d$/, '');
