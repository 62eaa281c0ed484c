import { type Static, Type } from 'typebox';
import { Nullable } from './common';

/** A social account's address, or null when the install has none (its footer link is hidden). */
const SocialLink = Nullable(Type.String({ format: 'uri' }));

/** GET /api/site: what the web app shows about this install (docs/site-settings.md). */
export const SiteReply = Type.Object({
  social: Type.Object({ instagram: SocialLink, facebook: SocialLink, x: SocialLink }),
});
export type SiteReply = Static<typeof SiteReply>;
