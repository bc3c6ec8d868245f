// How visitors reach support (footer, dialogs, agreement).
export const support = {
  email: 'support@gre-prep.example',
  hours: '工作日 9:00–18:00（北京时间）',
  replyWithin: '一个工作日内回复',
} as const;
