//go:build unix

// The tests of the mock's helper: against the real fo-mock (FO_MOCK_COMMAND, else this repository's source) and against
// small shell stand-ins for what a real mock rarely does. A stand-in keeps the tie as fo-mock does: it reads its stdin
// to the end (`exec cat`) and stops there.
package fomock

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"example.com/financial-operations-api/v2/fosign"
)

const customer = "c0ffee00-0000-4000-8000-000000000001"

// useRepositoryMock sets FO_MOCK_COMMAND, when unset, to fo-mock from this repository's source: the project's
// Node 24 with tsx loading the TypeScript (the repository root is two folders up).
func useRepositoryMock(t *testing.T) {
	t.Helper()
	if strings.TrimSpace(os.Getenv(CommandEnv)) != "" {
		return
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	node := filepath.Join(root, "runtimes/node_modules/node24/bin/node")
	loader := filepath.Join(root, "node_modules/tsx/dist/loader.mjs")
	if _, err := os.Stat(node); err != nil {
		t.Fatalf("the mock tests need the project's Node 24 at %s: run `bash scripts/runtimes.sh node24`", node)
	}
	if _, err := os.Stat(loader); err != nil {
		t.Fatalf("the mock tests need tsx at %s: run `npm ci` at the repository root", loader)
	}
	quote := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	t.Setenv(CommandEnv, strings.Join([]string{quote(node), "--import", quote(loader), quote(filepath.Join(root, "src/mock/fo-mock.ts"))}, " "))
}

// fakeTB records the failure of Start (Fatalf ends the goroutine, as testing's does) and holds its cleanups.
type fakeTB struct {
	testing.TB
	failure  string
	cleanups []func()
}

func (f *fakeTB) Helper()             {}
func (f *fakeTB) Cleanup(stop func()) { f.cleanups = append(f.cleanups, stop) }
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.failure = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// startFailing runs Start on a fake TB that must fail, and returns its message once the cleanups have run.
func startFailing(t *testing.T, o Options) string {
	t.Helper()
	f := &fakeTB{TB: t}
	done := make(chan *Mock)
	go func() {
		var m *Mock
		defer func() { done <- m }()
		m = Start(f, o)
	}()
	m := <-done
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
	if m != nil {
		t.Fatalf("Start answered %v; want a failure", m)
	}
	return f.failure
}

func gone(pid int) bool { return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) }

func portFree(port int) bool {
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		return false
	}
	return l.Close() == nil
}

func get(t *testing.T, client *http.Client, url string, header ...string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func TestTheMockAnswersSignedRequestsAndCleanupLeavesNothing(t *testing.T) {
	useRepositoryMock(t)
	var m *Mock
	t.Run("running", func(t *testing.T) {
		m = Start(t, Options{})
		transport, err := fosign.NewTransport(m.URL, m.AccessKey, m.SecretKey, nil)
		if err != nil {
			t.Fatal(err)
		}
		cases := m.URL + "/v1/customers/" + customer + "/rfi-cases"
		if status := get(t, &http.Client{Transport: transport}, cases); status != http.StatusOK {
			t.Errorf("signed GET: %d; want 200", status)
		}
		if status := get(t, http.DefaultClient, cases); status != http.StatusUnauthorized {
			t.Errorf("unsigned GET: %d; want 401", status)
		}
		clock := m.URL + "/__mock/clock"
		if status := get(t, http.DefaultClient, clock, "Authorization", "Bearer "+m.ControlToken); status != http.StatusOK {
			t.Errorf("control API with its token: %d; want 200", status)
		}
		if status := get(t, http.DefaultClient, clock, "Authorization", "Bearer "+strings.Repeat("0", 64)); status != http.StatusUnauthorized {
			t.Errorf("control API with another token: %d; want 401", status)
		}
		if gone(m.PID) {
			t.Error("the mock's process is gone while it runs")
		}
		ctx := context.Background()
		if _, err := m.AddFault(ctx, Fault{Kind: "status", Status: 503, OperationID: "listRfiCases"}); err != nil {
			t.Fatal(err)
		}
		logged, err := m.Requests(ctx)
		if err != nil || len(logged) == 0 || logged[len(logged)-1].Path != "/v1/customers/"+customer+"/rfi-cases" {
			t.Errorf("Requests: %v, %v; want the reads above", logged, err)
		}
		if err := m.Reset(ctx); err != nil {
			t.Fatal(err)
		}
		if logged, err := m.Requests(ctx); err != nil || len(logged) != 0 {
			t.Errorf("Requests after Reset: %v, %v; want none", logged, err)
		}
		before, _ := m.AdvanceClock(ctx, 0)
		if after, err := m.AdvanceClock(ctx, time.Hour); err != nil || after.Sub(before) < time.Hour {
			t.Errorf("AdvanceClock(1h): %v -> %v (%v)", before, after, err)
		}
		for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
			if shown := fmt.Sprintf(verb, m); strings.Contains(shown, m.SecretKey) || strings.Contains(shown, m.ControlToken) {
				t.Errorf("%s of the Mock shows a secret: %s", verb, shown)
			}
		}
	})
	if !gone(m.PID) {
		t.Errorf("the mock's process %d is left after Cleanup", m.PID)
	}
	if !portFree(m.Port) {
		t.Errorf("port %d is still taken after Cleanup", m.Port)
	}
}

func TestGivenKeysAreTheKeysItTakes(t *testing.T) {
	useRepositoryMock(t)
	keys := KeyPair{AccessKey: "AK_given_go", SecretKey: NewSecretKey()}
	m := Start(t, Options{Keys: &keys, Stateless: true})
	if m.AccessKey != keys.AccessKey || m.SecretKey != keys.SecretKey || m.ControlToken != "" {
		t.Fatalf("Start gave %v; want the keys given and no control token", m)
	}
	if err := m.Reset(context.Background()); !errors.Is(err, ErrControlOff) {
		t.Errorf("Reset without the control API: %v; want ErrControlOff", err)
	}
	cases := m.URL + "/v1/customers/" + customer + "/rfi-cases"
	for secret, want := range map[string]int{keys.SecretKey: http.StatusOK, NewSecretKey(): http.StatusUnauthorized} {
		transport, err := fosign.NewTransport(m.URL, keys.AccessKey, secret, nil)
		if err != nil {
			t.Fatal(err)
		}
		if status := get(t, &http.Client{Transport: transport}, cases); status != want {
			t.Errorf("GET signed with the given secret or another: %d; want %d", status, want)
		}
	}
}

func TestAWrongOptionFailsTheTestWithTheMocksReason(t *testing.T) {
	useRepositoryMock(t)
	failure := startFailing(t, Options{ExtraArgs: []string{"--bogus"}})
	for _, want := range []string{"fomock: the mock (", "ended with exit code 2", `fo-mock: unknown option "--bogus"`} {
		if !strings.Contains(failure, want) {
			t.Errorf("failure %q does not say %q", failure, want)
		}
	}
}

func TestAPortInUseFailsTheTestWithTheMocksReason(t *testing.T) {
	useRepositoryMock(t)
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	port := taken.Addr().(*net.TCPAddr).Port
	failure := startFailing(t, Options{Port: port})
	for _, want := range []string{"ended with exit code 2", fmt.Sprintf("port %d on 127.0.0.1 is in use", port)} {
		if !strings.Contains(failure, want) {
			t.Errorf("failure %q does not say %q", failure, want)
		}
	}
}

// ---- Stand-ins: shell scripts playing the mock ($@ are the options Start gives).

const readyEcho = `echo "fo-mock ready: http://127.0.0.1:9 (a stand-in)"`

func standIn(script string) map[string]string {
	return map[string]string{CommandEnv: "/bin/sh -c '" + strings.ReplaceAll(script, "'", `'\''`) + "' fo-mock"}
}

func waitFor(t *testing.T, path string) string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil && strings.HasSuffix(string(b), "\n") {
			return string(b)
		}
	}
	t.Fatalf("%s was not written within 10 s", path)
	return ""
}

func TestTheMockGetsItsOptionsKeysAndTokenByEnvironmentAndNoTelemetry(t *testing.T) {
	t.Setenv(keysFileEnv, "/somewhere/stray-keys.json")
	seen := filepath.Join(t.TempDir(), "seen")
	script := readyEcho + `; { echo "$*"; env; } > ` + seen + `.tmp; mv ` + seen + `.tmp ` + seen + `; exec cat >/dev/null`
	var m *Mock
	var text string
	t.Run("running", func(t *testing.T) {
		m = Start(t, Options{Env: standIn(script), Replay: "allow", ExtraArgs: []string{"--window", "30"}})
		text = waitFor(t, seen)
	})
	args, envText, _ := strings.Cut(text, "\n")
	if want := "--auth production --port 0 --stop-on-stdin-close --stateful --control --replay allow --window 30"; args != want {
		t.Errorf("options %q; want %q", args, want)
	}
	env := map[string]string{}
	for _, line := range strings.Split(envText, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			env[k] = v
		}
	}
	want := map[string]string{accessKeyEnv: m.AccessKey, secretKeyEnv: m.SecretKey, controlTokenEnv: m.ControlToken}
	for k, v := range noTelemetry {
		want[k] = v
	}
	for k, v := range want {
		if env[k] != v {
			t.Errorf("the mock's %s is %q; want %q", k, env[k], v)
		}
	}
	if _, ok := env[keysFileEnv]; ok {
		t.Errorf("%s reached the mock", keysFileEnv)
	}
	if m.URL != "http://127.0.0.1:9" || m.Port != 9 || len(m.ControlToken) != 64 {
		t.Errorf("Start gave %v with a %d-character token", m, len(m.ControlToken))
	}
	if !gone(m.PID) {
		t.Errorf("a process of the stand-in's group is left")
	}
}

func TestWithoutStateThereIsNoControlAPINorItsToken(t *testing.T) {
	seen := filepath.Join(t.TempDir(), "seen")
	script := readyEcho + `; { echo "$*"; env; } > ` + seen + `.tmp; mv ` + seen + `.tmp ` + seen + `; exec cat >/dev/null`
	m := Start(t, Options{Env: standIn(script), Stateless: true, Auth: "sandbox"})
	text := waitFor(t, seen)
	if args, _, _ := strings.Cut(text, "\n"); args != "--auth sandbox --port 0 --stop-on-stdin-close" {
		t.Errorf("options %q; want --auth sandbox --port 0 --stop-on-stdin-close", args)
	}
	if m.ControlToken != "" || strings.Contains(text, "\n"+controlTokenEnv+"=") {
		t.Errorf("a control token without the control API")
	}
}

func TestAMockThatNeverGetsReadyIsStoppedAfterTheTimeoutAndNoSecretIsShown(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	script := `echo $$ > ` + pidFile + `; echo "warming up with $FO_SECRET_KEY and $FO_MOCK_CONTROL_TOKEN"; exec cat >/dev/null`
	started := time.Now()
	failure := startFailing(t, Options{Env: standIn(script), Timeout: 1500 * time.Millisecond})
	if took := time.Since(started); took > 10*time.Second {
		t.Errorf("giving up took %s", took)
	}
	for _, want := range []string{"did not say it was ready within 1.5s", "warming up with REDACTED and REDACTED"} {
		if !strings.Contains(failure, want) {
			t.Errorf("failure %q does not say %q", failure, want)
		}
	}
	pid, err := strconv.Atoi(strings.TrimSpace(waitFor(t, pidFile)))
	if err != nil || !gone(pid) {
		t.Errorf("the stand-in's group %d is left (%v)", pid, err)
	}
}

func TestAMockThatEndsFirstGivesItsExitCodeAndLastLines(t *testing.T) {
	script := `for i in $(seq 1 30); do echo line $i; done; echo 'fo-mock: keys it cannot use' >&2; exit 2`
	failure := startFailing(t, Options{Env: standIn(script)})
	if want := "ended with exit code 2; its last lines:"; !strings.Contains(failure, want) {
		t.Errorf("failure %q does not say %q", failure, want)
	}
	// stdout and stderr in the order written: the refusal comes after line 30.
	if want := "line 30\nfo-mock: keys it cannot use"; !strings.HasSuffix(failure, want) {
		t.Errorf("failure %q does not end with %q", failure, want)
	}
	// The first line, then the last ones.
	if !strings.Contains(failure, "its last lines:\nline 1\n...\n") || strings.Contains(failure, "line 11\n") {
		t.Errorf("failure %q shows other lines than the first and the last", failure)
	}
}

func TestAMockEndedByASignalSaysWhich(t *testing.T) {
	failure := startFailing(t, Options{Env: standIn("kill -KILL $$")})
	if want := ") ended with signal: killed; it printed nothing"; !strings.HasSuffix(failure, want) {
		t.Errorf("failure %q does not end with %q", failure, want)
	}
}

func TestACommandThatCannotRunIsNamed(t *testing.T) {
	failure := startFailing(t, Options{Env: map[string]string{CommandEnv: "/nonexistent/fo-mock"}})
	if want := "fomock: cannot run the mock (/nonexistent/fo-mock --auth production --port 0 --stop-on-stdin-close --stateful --control): no such file or directory"; failure != want {
		t.Errorf("failure %q; want %q", failure, want)
	}
}

func TestItsOutputIsDrainedAfterReadySoAFullPipeNeverStallsIt(t *testing.T) {
	done := filepath.Join(t.TempDir(), "done")
	flood := `head -c 2000000 /dev/zero | tr '\0' x`
	Start(t, Options{Env: standIn(readyEcho + "; " + flood + "; " + flood + " >&2; echo drained > " + done + "; exec cat >/dev/null")})
	if got := waitFor(t, done); got != "drained\n" {
		t.Errorf("marker %q", got)
	}
}

func TestAMockThatKeepsNoTieAndIgnoresSIGTERMIsKilled(t *testing.T) {
	defer func(d time.Duration) { stopAfter = d }(stopAfter)
	stopAfter = time.Second
	var m *Mock
	started := time.Now()
	t.Run("running", func(t *testing.T) {
		m = Start(t, Options{Env: standIn("trap '' TERM; " + readyEcho + "; exec sleep 30")})
	})
	if !gone(m.PID) || time.Since(started) > 10*time.Second {
		t.Errorf("the stand-in %d is left, or took %s to stop", m.PID, time.Since(started))
	}
}

func TestRunAndCloseOutsideATest(t *testing.T) {
	m, err := Run(context.Background(), Options{Env: standIn(readyEcho + "; exec cat >/dev/null")})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil || !gone(m.PID) {
		t.Errorf("Close: %v; the stand-in %d gone: %v", err, m.PID, gone(m.PID))
	}
	if err := m.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Options{Env: standIn("exec cat >/dev/null")}); err == nil || !strings.Contains(err.Error(), "cancelled") {
		t.Errorf("Run with a cancelled context: %v; want the cancellation", err)
	}
}

// A test binary that ends by a panic (go test -timeout) or SIGKILL runs no cleanup: the mock still stops, by its tie.
func TestWhenItsStarterIsKilledTheMockStops(t *testing.T) {
	if os.Getenv("FOMOCK_STARTER") != "" {
		m, err := Run(context.Background(), Options{Stateless: true})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("port %d\n", m.Port)
		time.Sleep(time.Minute)
		return
	}
	useRepositoryMock(t)
	starter := exec.Command(os.Args[0], "-test.run=^TestWhenItsStarterIsKilledTheMockStops$")
	starter.Env = append(os.Environ(), "FOMOCK_STARTER=1")
	out, err := starter.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := starter.Start(); err != nil {
		t.Fatal(err)
	}
	defer starter.Process.Kill()
	var port int
	if _, err := fmt.Fscanf(out, "port %d\n", &port); err != nil {
		t.Fatalf("the starter said no port: %v", err)
	}
	if portFree(port) {
		t.Fatalf("port %d is free while the mock runs", port)
	}
	_ = starter.Process.Kill()
	_ = starter.Wait()
	for deadline := time.Now().Add(5 * time.Second); !portFree(port) && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
	}
	if !portFree(port) {
		t.Errorf("port %d is still taken 5 s after the starter was killed", port)
	}
}
