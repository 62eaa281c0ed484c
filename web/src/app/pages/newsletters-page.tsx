import { NewsletterList } from '../../features/newsletters/components/newsletter-list';
import { az } from '../../i18n/az';
import { PageContainer } from './page-container';

/** /newsletters: the public list, 10 a page (docs/product.md#newsletters). */
export function NewslettersPage() {
  return (
    <PageContainer title={az.newsletters.title} intro={az.newsletters.intro} maxWidth="md">
      <NewsletterList />
    </PageContainer>
  );
}
