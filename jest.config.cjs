// `npx jest` at the root runs every frontend package's tests (the api has its own runner).
module.exports = {
  projects: ['shared', 'shell', 'mfe-catalog', 'mfe-auth', 'mfe-user-account', 'mfe-partner-account', 'mfe-notifications', 'mfe-backoffice'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
};
