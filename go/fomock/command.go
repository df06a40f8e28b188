package fomock

import (
	"encoding/json"
	"fmt"
	"os"
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

// NodeFloor is the lowest Node.js the mock's package names (its engines; a test checks it against the package's).
const NodeFloor = "24.18"

// finder is what the lookup consults, injected so its order can be tested without touching PATH or the disk.
type finder struct {
	getenv   func(string) string
	lookPath func(string) (string, error)
	version  func() (string, error)
	// dir is the folder the lookup starts from (the working directory): node_modules/.bin/fo-mock there or above.
	dir func() (string, error)
	// installed is the version of the mock package an installed fo-mock belongs to ("" when it cannot tell).
	installed func(fomock string) string
	// executable says whether a file exists and can be run.
	executable func(path string) bool
}

// installHint says what to run to install the mock at the given version.
func installHint(version string) string {
	return fmt.Sprintf("Install the mock into your project: `npm install --save-dev %[1]s@%[2]s` (while the package is "+
		"on no registry, its tarball: `npm install --save-dev ./%[1]s-%[2]s.tgz`, which `bash scripts/dev.sh tarball` "+
		"writes in the project's repository). It needs Node.js %[3]s or later. Or set %[4]s to a command that runs "+
		"fo-mock", MockPackage, version, NodeFloor, CommandEnv)
}

// NotFoundError is why no mock could be run: none installed, npx could not get it, or one of another release. Its
// message says what to install.
type NotFoundError struct{ msg string }

func (e *NotFoundError) Error() string { return e.msg }

func notFound(format string, args ...any) error { return &NotFoundError{fmt.Sprintf(format, args...)} }

// command is the command that runs fo-mock, in this order: FO_MOCK_COMMAND (split into words as a POSIX shell
// would), taken as it is; the project's installed mock (node_modules/.bin/fo-mock, from the working directory
// upward, as Node resolves packages); fo-mock on PATH; npx --no financial-operations-api-mock@<this module's
// version>. An installed fo-mock of another version than this module's is refused, naming both.
func (f finder) command() ([]string, error) {
	if given := strings.TrimSpace(f.getenv(CommandEnv)); given != "" {
		words, err := splitWords(given)
		if err != nil {
			return nil, fmt.Errorf("%s cannot be split into a command: %v", CommandEnv, err)
		}
		return words, nil
	}
	version, err := f.version()
	if err != nil {
		return nil, notFound("cannot pick the mock's version: %v. Set %s to a command that runs fo-mock", err, CommandEnv)
	}
	checked := func(fomock, where string) ([]string, error) {
		if found := f.installed(fomock); found != version {
			if found == "" {
				found = "of an unknown version"
			}
			return nil, notFound("the fo-mock %s (%s) is %s %s, and this module is %s: a mock of another release can "+
				"disagree with this client about the API. %s", where, fomock, MockPackage, found, version, installHint(version))
		}
		return []string{fomock}, nil
	}
	if dir, err := f.dir(); err == nil {
		for {
			local := filepath.Join(dir, "node_modules", ".bin", "fo-mock")
			if f.executable(local) {
				return checked(local, "installed in this project")
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	if found, err := f.lookPath("fo-mock"); err == nil {
		return checked(found, "on PATH")
	}
	npx, err := f.lookPath("npx")
	if err != nil {
		return nil, notFound("cannot start the mock: %s is not installed in this project and npx (which Node.js brings) is "+
			"not on PATH. %s", MockPackage, installHint(version))
	}
	// --no: npx runs a copy npm already holds and never downloads one; a package of this name from a registry that
	// is not the project's would run with the keys and the control token.
	return []string{npx, "--no", MockPackage + "@" + version}, nil
}

// installedVersion reads the version of the mock package an installed fo-mock belongs to: its bin is a link into
// the package, whose package.json is in a folder above the file it links to.
func installedVersion(fomock string) string {
	target, err := filepath.EvalSymlinks(fomock)
	if err != nil {
		return ""
	}
	for dir := filepath.Dir(target); ; dir = filepath.Dir(dir) {
		if data, err := os.ReadFile(filepath.Join(dir, "package.json")); err == nil {
			var manifest struct{ Name, Version string }
			if json.Unmarshal(data, &manifest) != nil || manifest.Name != MockPackage {
				return ""
			}
			return manifest.Version
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}

var lookup = finder{
	lookPath:   exec.LookPath,
	version:    ownVersion,
	dir:        os.Getwd,
	installed:  installedVersion,
	executable: isExecutable,
}

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
