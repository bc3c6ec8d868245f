// The Chinese names of a pagination's buttons, for screen readers (search results, review books).
export function pageItemLabel(type: string, page: number | null): string {
  if (type === 'page') return `第 ${page} 页`;
  if (type === 'next') return '下一页';
  if (type === 'previous') return '上一页';
  return type;
}
