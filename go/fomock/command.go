package fomock

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
)

const (
	// CommandEnv names the variable whose command runs fo-mock instead of the lookup (a pinned or local install).
	CommandEnv = "FO_MOCK_COMMAND"
	// MockPackage is the npm package that ships fo-mock, run with npx at this module's own version.
	MockPackage = "financial-operations-api-mock"
	modulePath  = "example.com/financial-operations-api/v2"
)

// finder is what the lookup consults, injected so its order can be tested without touching PATH.
type finder struct {
	getenv   func(string) string
	lookPath func(string) (string, error)
	version  func() (string, error)
}

// command is the command that runs fo-mock, in this order: FO_MOCK_COMMAND (split into words as a POSIX shell
// would), for a pinned or local install; fo-mock on PATH, for a project that installed the npm package;
// npx --yes financial-operations-api-mock@<this module's version>, so the mock matches this client.
func (f finder) command() ([]string, error) {
	if given := strings.TrimSpace(f.getenv(CommandEnv)); given != "" {
		words, err := splitWords(given)
		if err != nil {
			return nil, fmt.Errorf("%s cannot be split into a command: %v", CommandEnv, err)
		}
		return words, nil
	}
	if found, err := f.lookPath("fo-mock"); err == nil {
		return []string{found}, nil
	}
	npx, npxErr := f.lookPath("npx")
	if npxErr != nil {
		return nil, fmt.Errorf("cannot start the mock: %s is not set and neither fo-mock nor npx is on PATH. "+
			"Install Node.js 20.19 or later (it brings npx), or `npm install --save-dev %s` and put node_modules/.bin "+
			"on PATH, or set %s to a command that runs fo-mock", CommandEnv, MockPackage, CommandEnv)
	}
	version, err := f.version()
	if err != nil {
		return nil, fmt.Errorf("cannot pick the mock's version for npx: %v. Put fo-mock on PATH or set %s", err, CommandEnv)
	}
	return []string{npx, "--yes", MockPackage + "@" + version}, nil
}

var lookup = finder{lookPath: exec.LookPath, version: ownVersion}

// pseudoVersion matches Go's pseudo-versions (a commit, not a release): npm has no such version of the mock.
var pseudoVersion = regexp.MustCompile(`[-.]\d{14}-[0-9a-f]{12}(\+.*)?$`)

// ownVersion is this module's version without its "v" (npm's spelling): from the binary's build information when
// it lists the module (a program built with go build), else from the path this file was compiled from, which the
// module cache keeps as <module>@<version>/ (with -trimpath too). Test binaries carry no list of dependencies in
// their build information (golang/go#76926), so under go test the path is what tells.
func ownVersion() (string, error) {
	version := ""
	if info, ok := debug.ReadBuildInfo(); ok {
		version = versionIn(info)
	}
	if version == "" {
		_, file, _, _ := runtime.Caller(0)
		version = versionInPath(file)
	}
	return npmVersion(version)
}

// versionIn is this module's version among the binary's dependencies ("" when it is not there, or replaced by a
// folder).
func versionIn(info *debug.BuildInfo) string {
	for _, dep := range info.Deps {
		if dep.Path != modulePath {
			continue
		}
		if dep.Replace != nil {
			return dep.Replace.Version
		}
		return dep.Version
	}
	return ""
}

// versionInPath is the version in a source path of the module cache, ".../<module>@<version>/fomock/command.go".
func versionInPath(file string) string {
	_, rest, found := strings.Cut(filepath.ToSlash(file), modulePath+"@")
	if !found {
		return ""
	}
	version, _, _ := strings.Cut(rest, "/")
	return version
}

func npmVersion(version string) (string, error) {
	switch {
	case version == "" || version == "(devel)":
		return "", fmt.Errorf("%s has no version here: it is built from a folder (its own repository, or a replace "+
			"directive), not from the module cache", modulePath)
	case pseudoVersion.MatchString(version):
		return "", fmt.Errorf("%s is at %s, a commit rather than a release", modulePath, version)
	}
	return strings.TrimPrefix(version, "v"), nil
}

// readyLine is fo-mock's line once it answers: "fo-mock ready: http://127.0.0.1:<port> (...".
var readyLine = regexp.MustCompile(`fo-mock ready: (http://127\.0\.0\.1:\d{1,5}) \(`)

// readyURL is the URL in fo-mock's ready line, "" for any other line.
func readyURL(line string) string {
	if m := readyLine.FindStringSubmatch(line); m != nil {
		return m[1]
	}
	return ""
}
