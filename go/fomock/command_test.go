package fomock

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"
)

// fakeFinder finds only the programs named, at /bin-of/<name> (installed mocks of the version given), has the version
// given, and starts its search in a folder without node_modules.
func fakeFinder(env map[string]string, programs []string, version string) finder {
	return finder{
		getenv: func(name string) string { return env[name] },
		lookPath: func(name string) (string, error) {
			for _, p := range programs {
				if p == name {
					return "/bin-of/" + name, nil
				}
			}
			return "", errors.New("not found")
		},
		version: func() (string, error) {
			if version == "" {
				return "", errors.New("example.com/financial-operations-api/v2 is the main module here")
			}
			return version, nil
		},
		dir:        func() (string, error) { return "/a/project/below", nil },
		installed:  func(string) string { return version },
		executable: func(string) bool { return false },
	}
}

func TestCommandLookup(t *testing.T) {
	cases := []struct {
		name     string
		env      map[string]string
		programs []string
		want     []string
	}{
		{"FO_MOCK_COMMAND wins over PATH and npx", map[string]string{"FO_MOCK_COMMAND": "node --import 'a loader.mjs' fo-mock.ts"},
			[]string{"fo-mock", "npx"}, []string{"node", "--import", "a loader.mjs", "fo-mock.ts"}},
		{"an empty FO_MOCK_COMMAND counts as unset", map[string]string{"FO_MOCK_COMMAND": "  "},
			[]string{"fo-mock", "npx"}, []string{"/bin-of/fo-mock"}},
		{"fo-mock on PATH comes before npx", nil, []string{"npx", "fo-mock"}, []string{"/bin-of/fo-mock"}},
		{"npx runs the mock package at this module's exact version", nil, []string{"npx"},
			[]string{"/bin-of/npx", "--no", "financial-operations-api-mock@2.3.1-rc.1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := fakeFinder(c.env, c.programs, "2.3.1-rc.1").command()
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Fatalf("command() = %q, %v; want %q", got, err, c.want)
			}
		})
	}
}

func TestCommandLookupFailures(t *testing.T) {
	hint := "Install the mock into your project: `npm install --save-dev financial-operations-api-mock@2.0.0` (while " +
		"the package is on no registry, its tarball: `npm install --save-dev ./financial-operations-api-mock-2.0.0.tgz`, " +
		"which `bash scripts/dev.sh tarball` writes in the project's repository). It needs Node.js 24.18 or later. Or " +
		"set FO_MOCK_COMMAND to a command that runs fo-mock"
	cases := []struct {
		name     string
		env      map[string]string
		programs []string
		version  string
		want     string
	}{
		{"nothing to run names what to install", nil, nil, "2.0.0",
			"cannot start the mock: financial-operations-api-mock is not installed in this project and npx (which " +
				"Node.js brings) is not on PATH. " + hint},
		{"without a version to pin it says why", nil, []string{"npx"}, "",
			"cannot pick the mock's version: example.com/financial-operations-api/v2 is the main module here. " +
				"Set FO_MOCK_COMMAND to a command that runs fo-mock"},
		{"an unbalanced FO_MOCK_COMMAND is refused with its reason", map[string]string{"FO_MOCK_COMMAND": "node 'fo-mock.ts"},
			[]string{"npx"}, "2.0.0", "FO_MOCK_COMMAND cannot be split into a command: a single quote is not closed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := fakeFinder(c.env, c.programs, c.version).command()
			if err == nil || err.Error() != c.want {
				t.Fatalf("command() = %q, %v; want the error %q", got, err, c.want)
			}
		})
	}
}

// installMock lays out the mock package as npm installs it into project: the package, its bin linked from .bin.
func installMock(t *testing.T, project, version string) string {
	t.Helper()
	pkg := filepath.Join(project, "node_modules", "financial-operations-api-mock")
	if err := os.MkdirAll(filepath.Join(pkg, "dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	manifest := `{"name": "financial-operations-api-mock", "version": "` + version + `"}`
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "dist", "fo-mock.mjs"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(project, "node_modules", ".bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(bin, "fo-mock")
	if err := os.Symlink("../financial-operations-api-mock/dist/fo-mock.mjs", link); err != nil {
		t.Fatal(err)
	}
	return link
}

func TestCommandLookupOnDisk(t *testing.T) {
	root := t.TempDir()
	project := filepath.Join(root, "app")
	link := installMock(t, project, "2.0.0")
	below := filepath.Join(project, "tests", "e2e")
	if err := os.MkdirAll(below, 0o755); err != nil {
		t.Fatal(err)
	}
	pathDir := filepath.Join(root, "path")
	onPath := installMock(t, filepath.Join(root, "elsewhere"), "2.0.0")
	if err := os.MkdirAll(pathDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"npx"} {
		if err := os.WriteFile(filepath.Join(pathDir, name), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	f := lookup
	f.getenv = func(string) string { return "" }
	f.version = func() (string, error) { return "2.0.0", nil }
	at := func(dir string) finder { g := f; g.dir = func() (string, error) { return dir, nil }; return g }

	t.Setenv("PATH", filepath.Dir(onPath)+string(filepath.ListSeparator)+pathDir)
	if got, err := at(below).command(); err != nil || !reflect.DeepEqual(got, []string{link}) {
		t.Errorf("from below the project: command() = %q, %v; want its installed mock %q", got, err, link)
	}
	if got, err := at(root).command(); err != nil || !reflect.DeepEqual(got, []string{onPath}) {
		t.Errorf("outside the project: command() = %q, %v; want fo-mock on PATH %q", got, err, onPath)
	}
	t.Setenv("PATH", pathDir)
	want := []string{filepath.Join(pathDir, "npx"), "--no", "financial-operations-api-mock@2.0.0"}
	if got, err := at(root).command(); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("with npx alone: command() = %q, %v; want %q", got, err, want)
	}

	old := filepath.Join(root, "old")
	installMock(t, old, "1.9.0")
	_, err := at(old).command()
	var notFound *NotFoundError
	if !errors.As(err, &notFound) || !strings.Contains(err.Error(), "is financial-operations-api-mock 1.9.0, and this module is 2.0.0") {
		t.Errorf("another version: %v; want a NotFoundError naming both versions", err)
	}
}

func TestTheNodeItAsksForIsTheMockPackagesFloor(t *testing.T) {
	data, err := os.ReadFile("../../packages/mock/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct{ Engines struct{ Node string } }
	if err := json.Unmarshal(data, &manifest); err != nil || manifest.Engines.Node != ">="+NodeFloor+".0" {
		t.Errorf("the mock package's engines.node is %q (%v); NodeFloor says %s", manifest.Engines.Node, err, NodeFloor)
	}
}

func TestSplitWordsAsAPOSIXShell(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"fo-mock", []string{"fo-mock"}},
		{"  node\t--import  loader.mjs\nfo-mock.ts  ", []string{"node", "--import", "loader.mjs", "fo-mock.ts"}},
		{`/opt/my\ node/bin/node "--import=x y" 'c"d' "a'b"`, []string{"/opt/my node/bin/node", "--import=x y", `c"d`, "a'b"}},
		{`'' "" x`, []string{"", "", "x"}},
		{`ab'c d'"e f"g`, []string{"abc de fg"}},
		{`"a\"b\\c\$d\e"`, []string{`a"b\c$d\e`}},
		{`'a\b'`, []string{`a\b`}},
		{"a\\\nb", []string{"ab"}},
		{`$HOME ~ *`, []string{"$HOME", "~", "*"}},
	}
	for _, c := range cases {
		got, err := splitWords(c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("splitWords(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for in, want := range map[string]string{
		`node 'x`:   "a single quote is not closed",
		`node "x`:   "a double quote is not closed",
		`node "x\"`: "a double quote is not closed",
		`node x\`:   "it ends in a backslash",
	} {
		if _, err := splitWords(in); err == nil || err.Error() != want {
			t.Errorf("splitWords(%q) error = %v; want %q", in, err, want)
		}
	}
}

func TestVersionFromBuildInfoOrTheModuleCachePath(t *testing.T) {
	dep := func(version string, replace *debug.Module) *debug.Module {
		return &debug.Module{Path: modulePath, Version: version, Replace: replace}
	}
	consumer := debug.Module{Path: "example.com/consumer"}
	infos := []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"a release", debug.BuildInfo{Main: consumer, Deps: []*debug.Module{{Path: "x/y", Version: "v1.0.0"}, dep("v2.4.0", nil)}}, "v2.4.0"},
		{"replaced by another version", debug.BuildInfo{Main: consumer, Deps: []*debug.Module{dep("v2.4.0", &debug.Module{Path: modulePath, Version: "v2.4.1"})}}, "v2.4.1"},
		{"replaced by a folder", debug.BuildInfo{Main: consumer, Deps: []*debug.Module{dep("v2.4.0", &debug.Module{Path: "../sdk"})}}, ""},
		{"its own repository", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}}, ""},
		{"a test binary (no dependencies listed)", debug.BuildInfo{Main: consumer}, ""},
	}
	for _, c := range infos {
		if got := versionIn(&c.info); got != c.want {
			t.Errorf("%s: versionIn = %q; want %q", c.name, got, c.want)
		}
	}
	paths := map[string]string{
		"/home/u/go/pkg/mod/example.com/financial-operations-api/v2@v2.4.0/fomock/command.go": "v2.4.0",
		"example.com/financial-operations-api/v2@v2.5.0-rc.1/fomock/command.go":               "v2.5.0-rc.1",
		"/work/main/go/fomock/command.go":                                                     "",
		"/home/u/go/pkg/mod/example.com/financial-operations-api@v1.0.0/fomock/command.go":    "",
	}
	for path, want := range paths {
		if got := versionInPath(path); got != want {
			t.Errorf("versionInPath(%q) = %q; want %q", path, got, want)
		}
	}
	versions := map[string]string{
		"v2.4.0":                               "2.4.0",
		"v2.5.0-rc.1":                          "2.5.0-rc.1",
		"":                                     "error: example.com/financial-operations-api/v2 has no version here: it is built from a folder (its own repository, or a replace directive), not from the module cache",
		"(devel)":                              "error: example.com/financial-operations-api/v2 has no version here: it is built from a folder (its own repository, or a replace directive), not from the module cache",
		"v2.4.1-0.20261128093000-abcdefabcdef": "error: example.com/financial-operations-api/v2 is at v2.4.1-0.20261128093000-abcdefabcdef, a commit rather than a release",
		"v2.0.0-20261128093000-abcdefabcdef":   "error: example.com/financial-operations-api/v2 is at v2.0.0-20261128093000-abcdefabcdef, a commit rather than a release",
	}
	for version, want := range versions {
		got, err := npmVersion(version)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != want {
			t.Errorf("npmVersion(%q) = %q; want %q", version, got, want)
		}
	}
	// This test binary is built inside the module's own repository: no version.
	if v, err := ownVersion(); err == nil || !strings.Contains(err.Error(), "has no version here") {
		t.Fatalf("ownVersion() here = %q, %v; want the no-version error", v, err)
	}
}

func TestReadyLineGivesTheURL(t *testing.T) {
	cases := map[string]string{
		"fo-mock ready: http://127.0.0.1:34703 (production auth: HMAC signatures verified, 1 key; Ctrl-C stops it)": "http://127.0.0.1:34703",
		"fo-mock ready: http://127.0.0.1:4010 (sandbox auth: any Bearer token; Ctrl-C stops it)":                    "http://127.0.0.1:4010",
		"Stateful mode: listRfiCases kept in memory; control API at http://127.0.0.1:34703/__mock/ (Bearer X)":      "",
		"[7:12:52 AM] \u203a [CLI] \u2026  awaiting  Starting Prism\u2026":                                          "",
		"fo-mock ready: http://localhost:4010 (sandbox auth)":                                                       "",
		"fo-mock ready: http://127.0.0.1:4010":                                                                      "",
		"":                                                                                                          "",
	}
	for line, want := range cases {
		if got := readyURL(line); got != want {
			t.Errorf("readyURL(%q) = %q; want %q", line, got, want)
		}
	}
}

func TestALineQuotedFromTheMocksOutputNeverShowsASecretItWasGiven(t *testing.T) {
	out := &output{hide: []string{"s3cr3t-key"}, ready: make(chan string, 1)}
	out.lines = []string{"npm error could not run with FO_SECRET_KEY=s3cr3t-key", "next line"}
	if got, want := out.first("npm error"), "npm error could not run with FO_SECRET_KEY=REDACTED"; got != want {
		t.Fatalf("first() = %q, want %q", got, want)
	}
	if strings.Contains(out.tail(), "s3cr3t-key") {
		t.Fatal("tail() shows the secret")
	}
}
