import { configure } from '@testing-library/react';

// CI shares two cores with the server suites and a browser: give async UI waits room so a
// slow machine is not mistaken for a broken screen (the first import of a lazy page compiles
// its modules, which under load has taken seconds). Tests still fail when the thing never
// shows, before the 20 s test timeout.
configure({ asyncUtilTimeout: 15_000 });
