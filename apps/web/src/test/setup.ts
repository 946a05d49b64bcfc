import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default; a busy two-core machine (CI with parallel jobs) needs longer.
configure({ asyncUtilTimeout: 10_000 });
