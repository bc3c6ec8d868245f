import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { support } from '../../lib/support.ts';

/** The support address and hours, as shown in several dialogs. */
export function ContactDetails() {
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        客服邮箱：
        <Link href={`mailto:${support.email}`} underline="hover">
          {support.email}
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        工作时间：{support.hours}，{support.replyWithin}
      </Typography>
    </Stack>
  );
}
