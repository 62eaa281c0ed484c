import type { CountReply, MessageReply } from '@kinodost/contracts/schemas/common';
import type {
  AdminNewsletterList,
  CreateNewsletterBody,
  LatestNewsletters,
  Newsletter,
  NewsletterList,
  NewsletterSummary,
  UpdateNewsletterBody,
} from '@kinodost/contracts/schemas/newsletters';

export type {
  AdminNewsletterList,
  CountReply,
  CreateNewsletterBody,
  LatestNewsletters,
  MessageReply,
  Newsletter,
  NewsletterList,
  NewsletterSummary,
  UpdateNewsletterBody,
};

/** docs/product.md#error-texts: a newsletter fetch that fails resolves to this instead of throwing. */
export interface FailedList {
  success: false;
  data: [];
}
/** docs/product.md#error-texts: a failed unread count resolves to this. */
export interface FailedCount {
  success: false;
  count: 0;
}

/**
 * Field limits of the server's contract (contracts/src/schemas/newsletters.ts). Copied as plain
 * numbers: importing the contract's values would pull its schema library into the web bundle.
 */
export const NEWSLETTER_LIMITS = { title: 200, content: 20000 } as const;
/** docs/product.md#newsletters: the dropdown lists 5, a page holds 10. */
export const LATEST_LIMIT = 5;
export const PAGE_SIZE = 10;
