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

/**
 * The online pulse: a copy of the dot that grows and fades. Only transform and opacity change, so
 * the compositor runs it: an animated box-shadow made the page repaint on the main thread every
 * frame for as long as it stayed open (about 90 paints a second with a member's own avatar in the
 * header, which also held up the first render on a phone). The dot itself keeps Badge's transform,
 * which places it on the avatar's edge.
 */
const pulse = keyframes`
  0% { transform: scale(1); opacity: 0.7; }
  70%, 100% { transform: scale(2.2); opacity: 0; }
`;

export interface StatusAvatarProps {
  src?: string | null;
  /** Alt text of the image (default 'İstifadəçi avatarı', docs/product.md#presence). */
  alt?: string;
  /** Used for the initial when there is no image. */
  name?: string | null;
  /** true online, false offline, null not known to this client (a neutral dot). */
  online?: boolean | null;
  size?: number;
}

/**
 * An avatar with a presence dot: green and pulsing when online, red when offline, neutral grey
 * when the presence is not known (docs/social.md "Presence where known").
 */
export function StatusAvatar({
  src,
  alt = az.statusAvatar.defaultAlt,
  name,
  online = false,
  size = 40,
}: StatusAvatarProps) {
  const initial = name?.trim().charAt(0).toLocaleUpperCase('az') || undefined;
  const dot = Math.max(8, Math.round(size / 4));
  const statusText =
    online === null ? az.statusAvatar.unknown : online ? az.statusAvatar.online : az.statusAvatar.offline;
  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      variant="dot"
      data-online={online === null ? 'unknown' : online ? 'true' : 'false'}
      slotProps={{ badge: { title: statusText } }}
      sx={{
        '& .MuiBadge-badge': {
          width: dot,
          height: dot,
          minWidth: dot,
          borderRadius: '50%',
          backgroundColor: online === null ? 'grey.500' : online ? 'success.main' : 'error.main',
          boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
          ...(online && {
            '@media (prefers-reduced-motion: no-preference)': {
              '&::after': {
                content: '""',
                position: 'absolute',
                inset: 0,
                borderRadius: '50%',
                backgroundColor: 'success.main',
                pointerEvents: 'none',
                animation: `${pulse} 2s infinite ease-out`,
              },
            },
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
