import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatusAvatar } from '../../components/status-avatar';
import { paths } from '../../config/paths';
import { DeleteAccount } from '../../features/imports/components/delete-account';
import { ExportButtons } from '../../features/imports/components/export-buttons';
import { ImportPanel } from '../../features/imports/components/import-panel';
import { useSelfOnline } from '../../features/presence/hooks/use-self-online';
import { BlockedList } from '../../features/privacy/components/blocked-list';
import { AvatarEditor } from '../../features/users/components/avatar-editor';
import { ChangePasswordForm } from '../../features/users/components/change-password-form';
import { ProfileDetailsForm } from '../../features/users/components/profile-details-form';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { formatDate } from '../../lib/format-date';
import { shortUserId } from '../layouts/profile-dialog';
import { PageContainer } from './page-container';

const t = az.profile;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /profile: the member's own account. */
export function ProfilePage() {
  const { profile, userId, username, avatar } = useAuth();
  const online = useSelfOnline();

  return (
    <PageContainer title={t.title} maxWidth="md">
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <StatusAvatar src={avatar} name={username} online={online} size={64} />
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {username}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.yourId} {shortUserId(userId)}
          </Typography>
          {profile?.created_at && (
            <Typography variant="body2" color="text.secondary">
              {t.memberSince(formatDate(profile.created_at))}
            </Typography>
          )}
        </Box>
        {userId && (
          <Button component={RouterLink} to={paths.user(userId)} variant="outlined" size="small">
            {t.viewPublic}
          </Button>
        )}
      </Paper>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section title={t.avatar.title}>
          <AvatarEditor />
        </Section>
        <Section title={t.details.title}>
          <ProfileDetailsForm />
        </Section>
        <Section title={t.password.title}>
          <ChangePasswordForm />
        </Section>
        <Section title={t.blocks.title}>
          <BlockedList />
        </Section>
        <Section title={t.import.title}>
          <ImportPanel />
        </Section>
        <Section title={t.export.title}>
          <ExportButtons />
        </Section>
        <Section title={t.deleteAccount.title}>
          <DeleteAccount />
        </Section>
      </Box>
    </PageContainer>
  );
}
