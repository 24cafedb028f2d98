module.exports = require('@excursio/shared/jest')({ rootDir: __dirname });
