// Home's notice (decisions.md: home has notices): the newest notice I have not read, as a card; 知道了
// marks it read and the next unread one (if any) takes its place.
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { mailHref } from '../../app/paths.ts';
import { latestNoticeQuery, useMarkRead } from './queries.ts';

export function NoticeCard() {
  const latest = useQuery(latestNoticeQuery);
  const mark = useMarkRead();
  const notice = latest.data;
  if (!notice) return null;
  return (
    <Alert
      severity="info"
      icon={<CampaignOutlined />}
      // A region, not an alert: the card is there on every visit, not news to announce.
      role="region"
      aria-label="最新通知"
      sx={{ alignItems: 'flex-start', '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{notice.subject}</AlertTitle>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {notice.content}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }} useFlexGap>
        <Button
          size="small"
          variant="contained"
          disabled={mark.isPending}
          onClick={() => mark.mutate({ mail_ids: [notice.mail_id] })}
        >
          知道了
        </Button>
        {notice.link ? (
          <Button
            size="small"
            component={Link}
            to={notice.link}
            onClick={() => mark.mutate({ mail_ids: [notice.mail_id] })}
          >
            前往查看
          </Button>
        ) : null}
        <Button size="small" component={Link} to={mailHref('notice')}>
          全部通知
        </Button>
      </Stack>
    </Alert>
  );
}
