import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { contentWidth } from '../../config/content-width';
import { env } from '../../config/env';
import { azShell } from '../../i18n/az-shell';

const socials = [
  { href: env.socialLinks.instagram, label: azShell.footer.instagram, icon: <InstagramIcon /> },
  { href: env.socialLinks.facebook, label: azShell.footer.facebook, icon: <FacebookIcon /> },
  { href: env.socialLinks.x, label: azShell.footer.x, icon: <XIcon /> },
];

/** Copyright with the current year, the company credit and the three social links (SPEC.md section 1). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box
        sx={{
          ...contentWidth('lg'),
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          textAlign: { xs: 'center', sm: 'left' },
        }}
      >
        <Box>
          <Typography variant="body2">{azShell.footer.copyright(year)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {azShell.footer.credit}
          </Typography>
        </Box>
        <Box component="nav" aria-label={azShell.footer.socialNav} sx={{ display: 'flex', gap: 0.5 }}>
          {socials.map(({ href, label, icon }) => (
            <IconButton
              key={label}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
            >
              {icon}
            </IconButton>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
