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

/** docs/product.md#newsletters: the dropdown lists 5, a page holds 10. */
export const LATEST_LIMIT = 5;
export const PAGE_SIZE = 10;
