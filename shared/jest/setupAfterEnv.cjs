require('@testing-library/jest-dom');

// A page's first render in a test waits for its lazy route module and mocked loaders: about 1 s when the machine is
// quiet and the transform cache warm, over 5 s for the checkout's module tree in a fresh clone with both cores busy.
// Testing Library's default of 1 s for findBy*/waitFor made the first test of a file fail on a busy machine (27 of 783
// in one run). 10 s keeps every such wait meaningful (a page that never comes still fails) without depending on the
// machine's load.
const { configure } = require('@testing-library/react');
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);
