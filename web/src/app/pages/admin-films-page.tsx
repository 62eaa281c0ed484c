import { FilmsTable } from '../../features/admin/components/films-table';

/** /admin/films: the shared catalogue's films, edited and merged by admins. */
export function AdminFilmsPage() {
  return <FilmsTable />;
}
