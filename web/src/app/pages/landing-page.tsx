import CampaignIcon from '@mui/icons-material/Campaign';
import GroupIcon from '@mui/icons-material/Group';
import LocalMoviesIcon from '@mui/icons-material/LocalMovies';
import WifiIcon from '@mui/icons-material/Wifi';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { contentWidth } from '../../config/content-width';
import { paths } from '../../config/paths';
import { themeColors } from '../../config/theme';
import { azLanding } from '../../i18n/az-landing';
import { useAuth } from '../../lib/auth/auth-context';
import { useReplayEarlyInput } from '../../lib/early-input';

const t = azLanding;

const features: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <LocalMoviesIcon fontSize="large" />, ...t.features.collection },
  { icon: <GroupIcon fontSize="large" />, ...t.features.friends },
  { icon: <WifiIcon fontSize="large" />, ...t.features.presence },
  { icon: <CampaignIcon fontSize="large" />, ...t.features.news },
];

/** Calls to action: sign up / sign in for visitors, the dashboard for members. */
function Actions({ inverted = false }: { inverted?: boolean }) {
  const { isLoggedIn, isLoadingAuth } = useAuth();
  if (isLoadingAuth) return <Box sx={{ height: 48 }} />;
  const outlined = inverted ? { color: '#fff', borderColor: 'rgba(255,255,255,0.7)' } : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, justifyContent: 'center' }}>
      {isLoggedIn ? (
        <Button component={RouterLink} to={paths.dashboard} variant="contained" size="large" color="secondary">
          {t.toDashboard}
        </Button>
      ) : (
        <>
          <Button component={RouterLink} to={paths.register} variant="contained" size="large" color="secondary">
            {t.register}
          </Button>
          <Button component={RouterLink} to={paths.login} variant="outlined" size="large" sx={outlined}>
            {t.login}
          </Button>
        </>
      )}
    </Box>
  );
}

/** What KinoDost is, and the way in. */
export function LandingPage() {
  // Buttons clicked on the prerendered page before the scripts came (the header's theme and menu).
  useReplayEarlyInput();
  return (
    <>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          color: '#fff',
          background: `linear-gradient(135deg, ${themeColors.primary} 0%, ${themeColors.info} 55%, ${themeColors.secondary} 100%)`,
          py: { xs: 7, sm: 11 },
          textAlign: 'center',
        }}
      >
        <Box sx={contentWidth('md')}>
          <Typography variant="overline" component="p" sx={{ opacity: 0.9, letterSpacing: 2 }}>
            {t.eyebrow}
          </Typography>
          <Typography
            id="landing-title"
            variant="h2"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: '2.1rem', sm: '3rem', md: '3.5rem' }, lineHeight: 1.15, mb: 2 }}
          >
            {t.title}
          </Typography>
          <Typography
            sx={{ fontSize: { xs: '1.05rem', sm: '1.2rem' }, opacity: 0.95, mb: 4, maxWidth: 680, mx: 'auto' }}
          >
            {t.subtitle}
          </Typography>
          <Actions inverted />
        </Box>
      </Box>

      <Box component="section" sx={{ ...contentWidth('lg'), py: { xs: 6, sm: 9 } }} aria-labelledby="features-title">
        <Typography
          id="features-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, textAlign: 'center', mb: 5 }}
        >
          {t.featuresTitle}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {features.map((feature) => (
            <Paper key={feature.title} variant="outlined" sx={{ p: 3, height: '100%' }}>
              <Box sx={{ color: 'primary.main', mb: 1.5 }} aria-hidden>
                {feature.icon}
              </Box>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.text}</Typography>
            </Paper>
          ))}
        </Box>
        <Box sx={{ textAlign: 'center', mt: 4 }}>
          <Button component={RouterLink} to={paths.newsletters}>
            {t.readNews}
          </Button>
        </Box>
      </Box>

      <Box component="section" sx={{ bgcolor: 'background.paper', py: { xs: 6, sm: 8 }, textAlign: 'center' }}>
        <Box sx={contentWidth('sm')}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t.closingTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t.closingText}
          </Typography>
          <Actions />
        </Box>
      </Box>
    </>
  );
}
