//go:build tools

// Package tools pins the vacuum command (built by scripts/tools/vacuum.mjs with `go build`).
package tools

import _ "github.com/daveshanley/vacuum"
