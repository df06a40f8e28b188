// Package fomock starts the Financial Operations API's mock for a test: fo-mock, from the npm package
// financial-operations-api-mock, on a free 127.0.0.1 port with fresh keys, stopped when the test ends.
//
//	m := fomock.Start(t, fomock.Options{})
//	tr, _ := fosign.NewTransport(m.URL, m.AccessKey, m.SecretKey, nil)
//
// or, for a mock shared by a package's tests, from TestMain:
//
//	func TestMain(tm *testing.M) {
//		m, err := fomock.Run(context.Background(), fomock.Options{})
//		if err != nil {
//			log.Fatal(err)
//		}
//		code := tm.Run()
//		m.Close() // os.Exit runs no deferred call
//		os.Exit(code)
//	}
//
// It runs the command in FO_MOCK_COMMAND, else the project's installed mock (node_modules/.bin/fo-mock, from the
// working directory upward), else fo-mock on PATH, else npx --no financial-operations-api-mock@<this module's
// version>; the mock needs Node.js 24.18 or later. The mock stops when this process ends, however it ends (a test
// binary's panic on -timeout, SIGKILL): its stdin is a pipe only this process holds.
package fomock

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Options are the mock's settings; the zero value is the default: stateful, production auth, the control API,
// fresh keys and token, a free port, 60 s to get ready.
type Options struct {
	// Auth is "production" (the default: every customer request must carry a valid HMAC signature) or "sandbox"
	// (any Bearer token, the access key among them).
	Auth string
	// Stateless runs the mock without state: Prism's examples answer, whatever the ids. By default it keeps quotes,
	// orders, external accounts, hedges and RFI cases in memory.
	Stateless bool
	// NoControl leaves the control API (virtual clock, faults, request log under /__mock/) off. It is on by default
	// when the mock is stateful, and always off without state.
	NoControl bool
	// Port on 127.0.0.1; 0 picks a free one.
	Port int
	// Replay is "reject" (the mock's default: a repeated signature on a write is refused) or "allow".
	Replay string
	// Keys are the pair the mock takes instead of a fresh one.
	Keys *KeyPair
	// ExtraArgs go to fo-mock as they are (--window S, --future S, --stateful-options FILE, --rfi-fixture FILE).
	ExtraArgs []string
	// Env is added to the mock's environment; an FO_MOCK_COMMAND in it picks the command for this mock.
	Env map[string]string
	// Timeout is how long the mock may take to say it is ready (0 means 60 s).
	Timeout time.Duration
}

// KeyPair is an access key and its secret (unpadded URL-safe Base64). It prints with the secret redacted.
type KeyPair struct {
	AccessKey string
	SecretKey string
}

// Format prints the access key only.
func (k KeyPair) Format(f fmt.State, _ rune) {
	_, _ = fmt.Fprintf(f, "fomock.KeyPair{AccessKey: %q, SecretKey: REDACTED}", k.AccessKey)
}

// Mock is a running mock: where it answers and what it takes. It prints with the secrets redacted.
type Mock struct {
	// URL is http://127.0.0.1:<port>.
	URL  string
	Port int
	// AccessKey and SecretKey sign requests (fosign.NewTransport).
	AccessKey string
	SecretKey string
	// ControlToken is the control API's bearer token; empty without the control API.
	ControlToken string
	// PID is the process started: the mock's, or npx's in front of it.
	PID int

	stop func()
}

// Format prints the URL and the process, never a secret.
func (m Mock) Format(f fmt.State, _ rune) {
	_, _ = fmt.Fprintf(f, "fomock.Mock{URL: %q, AccessKey: %q, SecretKey: REDACTED, ControlToken: REDACTED, PID: %d}",
		m.URL, m.AccessKey, m.PID)
}

// The environment fo-mock reads its keys and control token from; FO_MOCK_KEYS_FILE is removed (it would win).
const (
	accessKeyEnv    = "FO_ACCESS_KEY"
	secretKeyEnv    = "FO_SECRET_KEY"
	controlTokenEnv = "FO_MOCK_CONTROL_TOKEN"
	keysFileEnv     = "FO_MOCK_KEYS_FILE"
)

// noTelemetry turns off Prism's install-time telemetry and npm's update and funding notices.
var noTelemetry = map[string]string{
	"SCARF_ANALYTICS":            "false",
	"DO_NOT_TRACK":               "1",
	"NO_UPDATE_NOTIFIER":         "1",
	"npm_config_update_notifier": "false",
	"npm_config_fund":            "false",
}

// Start runs the mock until the test (or subtest) t ends, and returns once it says it is ready. A mock that does
// not start fails t with the reason and the last lines it printed (never a key or token); nothing of it is left
// running then.
func Start(t testing.TB, o Options) *Mock {
	t.Helper()
	m, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("fomock: %v", err)
	}
	t.Cleanup(m.stop)
	return m
}

// Run starts the mock and returns once it says it is ready, for a mock that outlives one test (TestMain) or stops
// before its test ends: Close stops it. ctx bounds the start only (with Options.Timeout). A mock that does not start
// is an error with the reason and the last lines it printed; a *NotFoundError when there is no mock to run, saying
// what to install. Nothing of it is left running then.
func Run(ctx context.Context, o Options) (*Mock, error) {
	var stop func()
	m, err := start(ctx, o, func(s func()) { stop = s })
	if err != nil {
		return nil, err
	}
	m.stop = stop
	return m, nil
}

// Close stops the mock and waits for it to end; closing twice is fine.
func (m *Mock) Close() error {
	if m.stop != nil {
		m.stop()
	}
	return nil
}

// launch is what start hands to the process layer: the command, its environment, and what to keep out of messages.
type launch struct {
	argv    []string
	env     []string
	hide    []string
	timeout time.Duration
	ctx     context.Context
	// npx is the mock's version when the command is npx's (its failure then means the package cannot be had).
	npx string
}

func start(ctx context.Context, o Options, cleanup func(func())) (*Mock, error) {
	env := environ(o.Env)
	f := lookup
	f.getenv = func(name string) string { return env[name] }
	argv, err := f.command()
	if err != nil {
		return nil, err
	}
	keys := KeyPair{AccessKey: "mock-" + randomText(9, base64.RawURLEncoding.EncodeToString), SecretKey: NewSecretKey()}
	if o.Keys != nil {
		keys = *o.Keys
	}
	control := !o.Stateless && !o.NoControl
	token := ""
	if control {
		token = randomText(32, hex.EncodeToString)
	}
	auth := o.Auth
	if auth == "" {
		auth = "production"
	}
	args := []string{"--auth", auth, "--port", strconv.Itoa(o.Port), "--stop-on-stdin-close"}
	if !o.Stateless {
		args = append(args, "--stateful")
	}
	if control {
		args = append(args, "--control")
	}
	if o.Replay != "" {
		args = append(args, "--replay", o.Replay)
	}
	args = append(args, o.ExtraArgs...)

	for k, v := range noTelemetry {
		env[k] = v
	}
	env[accessKeyEnv], env[secretKeyEnv] = keys.AccessKey, keys.SecretKey
	delete(env, keysFileEnv)
	delete(env, controlTokenEnv)
	if token != "" {
		env[controlTokenEnv] = token
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	npx := ""
	if len(argv) == 3 && argv[1] == "--no" && strings.HasPrefix(argv[2], MockPackage+"@") {
		npx = strings.TrimPrefix(argv[2], MockPackage+"@")
	}
	url, pid, err := run(launch{
		argv:    append(argv, args...),
		env:     pairs(env),
		hide:    []string{keys.SecretKey, token},
		timeout: timeout,
		ctx:     ctx,
		npx:     npx,
	}, cleanup)
	if err != nil {
		return nil, err
	}
	port, _ := strconv.Atoi(url[strings.LastIndexByte(url, ':')+1:])
	return &Mock{URL: url, Port: port, AccessKey: keys.AccessKey, SecretKey: keys.SecretKey, ControlToken: token, PID: pid}, nil
}

// NewSecretKey is 32 random bytes as unpadded URL-safe Base64, the form of a secret key.
func NewSecretKey() string { return randomText(32, base64.RawURLEncoding.EncodeToString) }

func randomText(n int, encode func([]byte) string) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("fomock: no randomness: %v", err))
	}
	return encode(b)
}

// environ is this process's environment with extra over it.
func environ(extra map[string]string) map[string]string {
	env := map[string]string{}
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	for k, v := range extra {
		env[k] = v
	}
	return env
}

func pairs(env map[string]string) []string {
	list := make([]string, 0, len(env))
	for k, v := range env {
		list = append(list, k+"="+v)
	}
	sort.Strings(list)
	return list
}
