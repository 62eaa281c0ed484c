import { NEWSLETTER_CONTENT_MAX, NEWSLETTER_TITLE_MAX } from '@kinodost/contracts/limits';
import { az } from '../../../i18n/az';
import type { CreateNewsletterBody, Newsletter, UpdateNewsletterBody } from '../api/newsletter-types';

export interface NewsletterFormValues {
  title: string;
  content: string;
  is_important: boolean;
}
export type NewsletterFormErrors = Partial<Record<'title' | 'content', string>>;

export const emptyNewsletter: NewsletterFormValues = { title: '', content: '', is_important: false };

export const valuesOf = (n: Newsletter): NewsletterFormValues => ({
  title: n.title,
  content: n.content,
  is_important: n.is_important,
});

const v = az.adminNewsletters.form.validation;

/** The server's rules, checked before sending: both fields required (not blank) and bounded. */
export const validateNewsletter = (values: NewsletterFormValues): NewsletterFormErrors => {
  const errors: NewsletterFormErrors = {};
  if (!values.title.trim()) errors.title = v.titleRequired;
  else if (values.title.trim().length > NEWSLETTER_TITLE_MAX) errors.title = v.titleTooLong(NEWSLETTER_TITLE_MAX);
  if (!values.content.trim()) errors.content = v.contentRequired;
  else if (values.content.length > NEWSLETTER_CONTENT_MAX) errors.content = v.contentTooLong(NEWSLETTER_CONTENT_MAX);
  return errors;
};

export const toCreateBody = (values: NewsletterFormValues): CreateNewsletterBody => ({
  title: values.title.trim(),
  content: values.content,
  is_important: values.is_important,
});

/** Only what changed; null when nothing did. */
export const toUpdateBody = (values: NewsletterFormValues, original: Newsletter): UpdateNewsletterBody | null => {
  const body: UpdateNewsletterBody = {};
  if (values.title.trim() !== original.title) body.title = values.title.trim();
  if (values.content !== original.content) body.content = values.content;
  if (values.is_important !== original.is_important) body.is_important = values.is_important;
  return Object.keys(body).length > 0 ? body : null;
};
