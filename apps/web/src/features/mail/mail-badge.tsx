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
  return (
    <IconButton
      component={Link}
      to={paths.mail}
      aria-label={n > 0 ? `邮件，${n} 封未读` : '邮件'}
      sx={{ color: 'text.secondary' }}
    >
      <Badge badgeContent={n} max={99} color="error" data-testid="mail-unread">
        <MailOutlined />
      </Badge>
    </IconButton>
  );
}
