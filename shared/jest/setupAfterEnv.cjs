require('@testing-library/jest-dom');
// findBy*/waitFor wait up to 5 s: with every package's suites sharing 2 cores in CI, a lazy page can take over 1 s
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
