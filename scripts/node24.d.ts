// The scripts run on Node 24 (scripts/dev.sh), the package on Node 20.19+: @types/node stays at 20 for the package's
// sake, so the one Node 24 built-in the scripts use is declared here.
interface ImportMeta {
  /** True when Node runs this file as the program (Node 24.2+): an imported script does nothing. */
  readonly main: boolean;
}
