import Badge, { type BadgeProps } from '@mui/material/Badge';
import type { ReactNode } from 'react';

/**
 * A count on an icon (friend requests, unread newsletters), and nothing at all at 0. MUI's Badge hides
 * a 0 by shrinking it but, once it has rendered twice, keeps the text "0" in the page: text inside a
 * button whose accessible name ("Bildirişlər") then does not contain it, which fails WCAG 2.5.3
 * "Label in Name" (Lighthouse's label-content-name-mismatch). Above 0 the name states the count.
 */
export function CountBadge({
  count,
  color,
  children,
}: {
  count: number;
  color: BadgeProps['color'];
  children: ReactNode;
}) {
  if (count <= 0) return children;
  return (
    <Badge badgeContent={count} color={color}>
      {children}
    </Badge>
  );
}
