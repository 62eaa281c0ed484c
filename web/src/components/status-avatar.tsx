import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import { keyframes } from '@mui/material/styles';
import { az } from '../i18n/az';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const pulse = keyframes`
  0% { transform: scale(0.9); box-shadow: 0 0 0 0 rgba(76, 175, 80, 0.7); }
  70% { transform: scale(1); box-shadow: 0 0 0 6px rgba(76, 175, 80, 0); }
  100% { transform: scale(0.9); box-shadow: 0 0 0 0 rgba(76, 175, 80, 0); }
`;

export interface StatusAvatarProps {
  src?: string | null;
  /** Alt text of the image (SPEC.md: default 'İstifadəçi avatarı'). */
  alt?: string;
  /** Used for the initial when there is no image. */
  name?: string | null;
  online?: boolean;
  size?: number;
}

/** An avatar with a presence dot: green and pulsing when online, red when offline. */
export function StatusAvatar({
  src,
  alt = az.statusAvatar.defaultAlt,
  name,
  online = false,
  size = 40,
}: StatusAvatarProps) {
  const initial = name?.trim().charAt(0).toLocaleUpperCase('az') || undefined;
  const dot = Math.max(8, Math.round(size / 4));
  const statusText = online ? az.statusAvatar.online : az.statusAvatar.offline;
  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      variant="dot"
      data-online={online ? 'true' : 'false'}
      slotProps={{ badge: { title: statusText } }}
      sx={{
        '& .MuiBadge-badge': {
          width: dot,
          height: dot,
          minWidth: dot,
          borderRadius: '50%',
          backgroundColor: online ? 'success.main' : 'error.main',
          boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
          ...(online && {
            '@media (prefers-reduced-motion: no-preference)': { animation: `${pulse} 2s infinite ease-in-out` },
          }),
        },
      }}
    >
      <Avatar
        src={src ?? undefined}
        alt={alt}
        sx={{
          width: size,
          height: size,
          fontSize: size * 0.45,
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
        }}
      >
        {initial}
      </Avatar>
      {/* The dot itself is hidden from assistive technology; this says the same in words. */}
      <span style={visuallyHidden}>{statusText}</span>
    </Badge>
  );
}
