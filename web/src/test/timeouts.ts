import { configure } from '@testing-library/react';

// CI shares two cores with the server suites and a browser: give async UI waits room so a
// slow machine is not mistaken for a broken screen. Tests still fail when the thing never shows.
configure({ asyncUtilTimeout: 5000 });
