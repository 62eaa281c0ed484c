import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { contentWidth } from '../../config/content-width';
import { azShell } from '../../i18n/az-shell';
import { useSiteSettings } from '../../lib/use-site-settings';

const socials = [
  { key: 'instagram', label: azShell.footer.instagram, icon: <InstagramIcon /> },
  { key: 'facebook', label: azShell.footer.facebook, icon: <FacebookIcon /> },
  { key: 'x', label: azShell.footer.x, icon: <XIcon /> },
] as const;

/**
 * The install's own accounts, set on the server (SOCIAL_*, README "Settings"); one left unset is
 * not shown, and with none the list is left out. Its own component: the settings arrive after
 * the first render, and then only the links render, not the whole footer.
 */
function SocialLinks() {
  const social = useSiteSettings().data?.social;
  const links = socials.flatMap((item) => (social?.[item.key] ? [{ ...item, href: social[item.key] as string }] : []));
  if (links.length === 0) return null;
  return (
    <Box component="nav" aria-label={azShell.footer.socialNav} sx={{ display: 'flex', gap: 0.5 }}>
      {links.map(({ href, label, icon }) => (
        <IconButton key={label} component="a" href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
          {icon}
        </IconButton>
      ))}
    </Box>
  );
}

/** Copyright with the current year, the company credit and the social links (docs/product.md#footer). */
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
        <SocialLinks />
      </Box>
    </Box>
  );
}
