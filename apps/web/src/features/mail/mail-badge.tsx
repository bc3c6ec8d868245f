// The navigation's mail button: a badge with my unread mail (the inbox's count), read again when the
// window regains focus and every minute (queries.ts unreadQuery).
import MailOutlined from '@mui/icons-material/MailOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { unreadQuery } from './queries.ts';

export function MailBadge() {
  const unread = useQuery(unreadQuery);
  const n = unread.data?.inbox ?? 0;
  // The name holds the text the badge shows (WCAG 2.5.3); no badge, no number, at 0.
  const shown = n > 99 ? '99+' : String(n);
  return (
    <IconButton
      component={Link}
      to={paths.mail}
      aria-label={n > 0 ? `邮件，${shown} 封未读` : '邮件'}
      sx={{ color: 'text.secondary' }}
    >
      <Badge badgeContent={n > 0 ? shown : null} color="error">
        <MailOutlined />
      </Badge>
    </IconButton>
  );
}
