// Preloaded into Prism (node --import) by mock.mjs: the signature front runs in Prism's process, on the
// mock's port, and hands accepted requests to Prism's listener there (src/mock/prism/inPrism.ts). Settings come
// in FO_MOCK_FRONT (JSON, no secrets); keys are read here as mock.mjs would (--keys file, FO_MOCK_KEYS_FILE,
// FO_ACCESS_KEY/FO_SECRET_KEY). Once listening, it tells mock.mjs over the IPC channel, then closes it.
import { tsImport } from "tsx/esm/api";

try {
  // tsx for these TypeScript modules only: Prism itself loads as usual.
  const { installFront } = await tsImport("../src/mock/prism/inPrism.ts", import.meta.url);
  await installFront(JSON.parse(process.env.FO_MOCK_FRONT ?? '{"auth":"sandbox"}'), (ready) => {
    if (process.send) process.send({ ready }, () => process.disconnect());
  });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
