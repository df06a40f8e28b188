// Stops the mock globalSetup started (both run in jest's own process, which shares their globalThis).
export default async function teardown() {
  await globalThis.foMock?.close();
}
