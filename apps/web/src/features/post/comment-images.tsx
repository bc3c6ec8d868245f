// A comment's pictures (ADR 0037): thumbnails with their alt text, each opening the full image in a
// new tab. Used by the discussion and by the teachers' review queue.
import type { CommentImage } from '@gre/contract/post';
import Box from '@mui/material/Box';

export function CommentImages(props: { images: readonly CommentImage[] }) {
  if (!props.images.length) return null;
  return (
    <Box
      component="ul"
      aria-label="图片"
      sx={{ listStyle: 'none', p: 0, m: 0, my: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {props.images.map((i) => (
        <Box component="li" key={i.id}>
          <Box
            component="a"
            href={i.url}
            target="_blank"
            rel="noopener"
            sx={{ display: 'block', borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
          >
            <Box
              component="img"
              src={i.url}
              alt={i.alt}
              loading="lazy"
              sx={{
                display: 'block',
                width: { xs: 96, sm: 128 },
                height: { xs: 96, sm: 128 },
                objectFit: 'cover',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
              }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
