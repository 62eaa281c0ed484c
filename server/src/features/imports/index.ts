// What other features may use of imports: the films a member's running import made, for the
// member's deletion to take along (docs/import-export.md "All or nothing").
export { deleteFilmsIfUnheld, filmsOfRunningImports } from './imports.repository';
