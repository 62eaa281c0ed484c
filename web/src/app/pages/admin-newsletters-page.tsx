import { AdminNewsletters } from '../../features/newsletters/components/admin-newsletters';

/** /admin/newsletters: write, edit and delete newsletters. */
export function AdminNewslettersPage() {
  return <AdminNewsletters />;
}
