import { PaymentKind, RoleKind } from '@gre/contract/enums';
import type { Profile } from '@gre/contract/user';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { openDialog } from '../../app/app-store.ts';
import { formatChineseDate } from '../../lib/china-time.ts';
import { upgradeOptions } from '../../lib/membership.ts';
import { useRightsLines } from '../../lib/rights-query.ts';

export function MembershipCard(props: { profile: Profile }) {
  const { profile } = props;
  const options = upgradeOptions(profile.role_kind);
  const paid = profile.role_kind >= RoleKind.VIP;
  const mine = useRightsLines()?.find((r) => r.roleKind === profile.role_kind);
  return (
    <Card
      sx={{
        background: paid ? 'linear-gradient(135deg, #fffaf0 0%, #ffffff 60%)' : undefined,
      }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <WorkspacePremiumOutlined color="secondary" />
          <Typography variant="h4" component="h2">
            我的会员
          </Typography>
        </Stack>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip label={profile.role_name} color={paid ? 'secondary' : 'primary'} />
            <Typography variant="body2" color="text.secondary">
              {profile.role_name} ·{' '}
              {profile.expire_date ? `有效期至 ${formatChineseDate(profile.expire_date)}` : '长期有效'}
            </Typography>
          </Stack>
          {mine ? (
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
            >
              {(
                [
                  ['练习做题', mine.questions],
                  ['模考', mine.mocks],
                  ['作文批改', mine.essays],
                  ['收藏与笔记', mine.review],
                  ['自选组卷', mine.tailor],
                  ['课程视频', mine.lessons],
                  ['资料下载', mine.materials],
                  ['可见题目', mine.visibility],
                ] as const
              ).map(([k, v]) => (
                <Box key={k} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {k}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {v}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
          <Box
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              gap: 1,
              p: 1.5,
              borderRadius: 2,
              bgcolor: 'background.default',
            }}
          >
            <Typography color="text.secondary">闪卡币</Typography>
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, color: 'primary.dark' }}>
              {profile.flash_coins}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              枚，可用于新建闪卡
            </Typography>
            <Button size="small" onClick={() => openDialog({ name: 'pay', kind: PaymentKind.FlashCoin })}>
              购买闪卡币
            </Button>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {options.map((o) => (
              <Button
                key={o.key}
                variant={o.key === 'vip' ? 'contained' : 'outlined'}
                color="secondary"
                onClick={() => openDialog({ name: 'pay', kind: o.key === 'vip' ? PaymentKind.VIP : PaymentKind.SVIP })}
              >
                {o.label}
              </Button>
            ))}
            <Button onClick={() => openDialog({ name: 'rights_table' })}>权益对比</Button>
          </Stack>
          {options.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              您已是最高等级会员，感谢支持！
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
