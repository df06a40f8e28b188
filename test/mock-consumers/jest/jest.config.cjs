module.exports = {
  testEnvironment: "node",
  // The mock starts once before the test files and stops after them.
  globalSetup: "./mock-setup.mjs",
  globalTeardown: "./mock-teardown.mjs",
};
