import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { NewsletterDetail } from '../../features/newsletters/components/newsletter-detail';

/** /newsletters/:id: one newsletter (public; members mark it viewed by opening it). */
export function NewsletterPage() {
  const { id = '' } = useParams();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <NewsletterDetail key={id} id={id} />
    </Container>
  );
}
