// How a lesson's length and a position read: 1 分 05 秒, 45 秒.
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return m ? `${m} 分 ${String(rest).padStart(2, '0')} 秒` : `${rest} 秒`;
}
