import { type Static, Type } from 'typebox';
import { Nullable } from './common';

/** A social account's address, or null when the install has none (its footer link is hidden). */
const SocialLink = Nullable(Type.String({ format: 'uri' }));

/** GET /api/site: what the web app shows about this install, and what it offers (docs/architecture.md). */
export const SiteReply = Type.Object({
  social: Type.Object({ instagram: SocialLink, facebook: SocialLink, x: SocialLink }),
  /** Whether members can find films on TMDB here (TMDB_API_KEY is set): the add dialog asks it only then. */
  tmdb: Type.Boolean(),
});
export type SiteReply = Static<typeof SiteReply>;
