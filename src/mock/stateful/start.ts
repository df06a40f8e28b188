// The stateful mode as `fo-mock --stateful` (startMock) starts it in the mock's process (src/mock/server.ts).
import { STATEFUL_OPERATIONS, createStatefulMock } from "./index.ts";
import { statefulFrontOptions } from "./http.ts";
import { CONTROL_TOKEN_ENV, StatefulOptionsError, loadOptionsFile } from "./options.ts";

/** What startMock passes for the stateful mode: file names and a flag (the token comes apart). */
export interface StatefulStartConfig {
  optionsFile?: string;
  rfiFixture?: string;
  /** `--control`: the control API answers (it is off otherwise). */
  control?: boolean;
}

/** What the startup line says about it: the operations, and where the control API is and how it is guarded. */
export interface StatefulReady {
  operations: string[];
  controlPrefix: string;
  /** off, open to local callers, or behind the control token. */
  control: "off" | "local" | "token";
}

/**
 * Builds the stateful mode and the front options that plug it in. With production auth the control API is refused
 * without a control token (the CLI reads it from FO_MOCK_CONTROL_TOKEN).
 * @throws StatefulOptionsError for a setting, token or file it cannot use; RfiFixtureError for a fixture.
 */
export async function startStateful(
  { optionsFile, rfiFixture, control = false }: StatefulStartConfig,
  auth: "sandbox" | "production",
  controlToken?: string,
) {
  const given = optionsFile ? loadOptionsFile(optionsFile) : {};
  const on = control || given.control === true;
  if (on && auth === "production" && !controlToken) {
    throw new StatefulOptionsError(
      `The control API with --auth production needs a control token: set ${CONTROL_TOKEN_ENV} (for example to the ` +
        `output of \`openssl rand -hex 32\`).`,
    );
  }
  const mock = await createStatefulMock({
    ...given,
    ...(rfiFixture ? { rfiFixture } : {}),
    control: on,
    ...(on && controlToken ? { controlToken } : {}),
  });
  const ready: StatefulReady = {
    operations: Object.keys(STATEFUL_OPERATIONS),
    controlPrefix: mock.controlPrefix,
    control: !on ? "off" : controlToken ? "token" : "local",
  };
  return { mock, ready, frontOptions: statefulFrontOptions(mock) };
}
