import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';

/** Headings start below the page's h1. */
const heading =
  (component: 'h2' | 'h3' | 'h4', variant: 'h5' | 'h6' | 'subtitle1') =>
  ({ children }: { children?: ReactNode }) => (
    <Typography component={component} variant={variant} sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );

const components: Components = {
  h1: heading('h2', 'h5'),
  h2: heading('h3', 'h6'),
  h3: heading('h4', 'subtitle1'),
  h4: heading('h4', 'subtitle1'),
  h5: heading('h4', 'subtitle1'),
  h6: heading('h4', 'subtitle1'),
  p: ({ children }) => <Typography sx={{ my: 1.5, lineHeight: 1.7 }}>{children}</Typography>,
  a: ({ href, children }) => {
    // The URL transform empties unsafe targets (javascript: and the like): no link is left.
    if (!href) return <span>{children}</span>;
    const external = !!href && /^https?:\/\//i.test(href);
    return (
      <Link
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
        underline="always"
      >
        {children}
      </Link>
    );
  },
  img: ({ src, alt }) =>
    src ? (
      <Box
        component="img"
        src={typeof src === 'string' ? src : undefined}
        alt={alt ?? ''}
        loading="lazy"
        referrerPolicy="no-referrer"
        sx={{ maxWidth: '100%', height: 'auto', borderRadius: 1 }}
      />
    ) : null,
  hr: () => <Divider sx={{ my: 3 }} />,
  blockquote: ({ children }) => (
    <Box
      component="blockquote"
      sx={{ borderLeft: 4, borderColor: 'divider', pl: 2, mx: 0, my: 2, color: 'text.secondary' }}
    >
      {children}
    </Box>
  ),
  code: ({ children }) => (
    <Box
      component="code"
      sx={{ fontFamily: 'monospace', fontSize: '0.9em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}
    >
      {children}
    </Box>
  ),
  pre: ({ children }) => (
    <Box
      component="pre"
      sx={{
        overflowX: 'auto',
        bgcolor: 'action.hover',
        p: 2,
        borderRadius: 1,
        my: 2,
        '& code': { bgcolor: 'transparent', p: 0 },
      }}
    >
      {children}
    </Box>
  ),
  ul: ({ children }) => (
    <Box component="ul" sx={{ pl: 3, my: 1.5, lineHeight: 1.7 }}>
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box component="ol" sx={{ pl: 3, my: 1.5, lineHeight: 1.7 }}>
      {children}
    </Box>
  ),
};

/**
 * A newsletter's Markdown, rendered safely: react-markdown builds React elements (never
 * innerHTML), raw HTML in the text is dropped (skipHtml, and no rehype-raw), and its default URL
 * transform empties javascript:, data: and other unsafe link and image targets.
 */
export function NewsletterMarkdown({ content }: { content: string }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere', '& > :first-of-type': { mt: 0 } }}>
      <Markdown skipHtml components={components}>
        {content}
      </Markdown>
    </Box>
  );
}
