// Jest maps @docusaurus/utils here (jest.config.js). From Docusaurus 4 it loads ES-module-only
// packages (github-slugger 2, execa 10) that Jest 29 cannot load, so a suite importing code that
// imports it would stop loading on the upgrade. Code under test reads front matter with
// the article model (plugins/articles) instead.
throw new Error(
  'A Jest suite imported @docusaurus/utils (through the code it tests): it stops loading on ' +
    'Docusaurus 4. Move what the test needs out of the module that imports it.',
);
